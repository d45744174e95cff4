import { applyVote, hasVoted, toggleVote } from './vote-state';

const deck = { _id: 'a', score: 2, voters: ['Ann', 'Bob'], title: 'A' };

test('a voter removes their vote: dropped from voters, score − 1, decrease', () => {
  expect(toggleVote(deck, 'Ann')).toEqual({ _id: 'a', voters: ['Bob'], score: 1, change: 'decrease' });
});

test('anyone else adds a vote: added to voters, score + 1, increase', () => {
  expect(toggleVote(deck, 'Cy')).toEqual({ _id: 'a', voters: ['Ann', 'Bob', 'Cy'], score: 3, change: 'increase' });
});

test('hasVoted needs a name among the voters', () => {
  expect(hasVoted(deck, 'Bob')).toBe(true);
  expect(hasVoted(deck, 'Cy')).toBe(false);
  expect(hasVoted(deck, null)).toBe(false);
});

test('a vote patches a single deck with the same id and leaves others as they were', () => {
  const vote = { _id: 'a', score: 3, voters: ['Ann', 'Bob', 'Cy'] };
  expect(applyVote(deck, vote)).toEqual({ ...deck, score: 3, voters: vote.voters });
  const other = { ...deck, _id: 'b' };
  expect(applyVote(other, vote)).toBe(other);
});

test('in a list only the matching deck changes; a list without it stays the same object', () => {
  const page = { decks: [deck, { ...deck, _id: 'b' }], totalDecks: 2 };
  const vote = { _id: 'b', score: 0, voters: [] };
  const next = applyVote(page, vote);
  expect(next.decks[0]).toBe(page.decks[0]);
  expect(next.decks[1]).toMatchObject({ _id: 'b', score: 0, voters: [] });
  expect(next.totalDecks).toBe(2);
  expect(applyVote(page, { ...vote, _id: 'z' })).toBe(page);
});

test('answers that hold no decks pass through untouched', () => {
  expect(applyVote(undefined, { _id: 'a', score: 1, voters: [] })).toBeUndefined();
  const comments = [{ _id: 'c' }];
  expect(applyVote(comments, { _id: 'a', score: 1, voters: [] })).toBe(comments);
});
