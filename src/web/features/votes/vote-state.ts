// The upvote toggle, as pure functions over the cached answers: the optimistic
// update, and the server's answer applied to a single deck or to the matching deck of a list.
import type { Deck } from '../../../common/api/decks';

export type VoteChange = 'increase' | 'decrease';

/** What a vote changes on a deck; also the server's answer to a vote. */
export interface VoteState {
  _id: string;
  score: number;
  voters: string[];
}

export function hasVoted(deck: Pick<Deck, 'voters'>, username: string | null | undefined): boolean {
  return !!username && deck.voters.includes(username);
}

/**
 * The deck after the user's click: a voter loses their vote (score − 1, 'decrease'),
 * anyone else adds one (score + 1, 'increase').
 */
export function toggleVote(deck: VoteState, username: string): VoteState & { change: VoteChange } {
  if (deck.voters.includes(username)) {
    return {
      _id: deck._id,
      voters: deck.voters.filter((v) => v !== username),
      score: Math.max(0, deck.score - 1),
      change: 'decrease',
    };
  }
  return { _id: deck._id, voters: [...deck.voters, username], score: deck.score + 1, change: 'increase' };
}

function isDeckLike(value: unknown): value is VoteState {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as VoteState)._id === 'string' &&
    Array.isArray((value as VoteState).voters)
  );
}

function patchDeck<T extends VoteState>(deck: T, vote: VoteState): T {
  return deck._id === vote._id ? { ...deck, score: vote.score, voters: vote.voters } : deck;
}

/**
 * A cached answer with the vote applied: a single deck, or any answer holding `decks` (a page of
 * search results, a user's decks, the curated list), where only the deck with the same _id
 * changes. Anything else, and answers without that deck, come back as they were (same object,
 * so React Query sees no change).
 */
export function applyVote<T>(data: T, vote: VoteState): T {
  if (isDeckLike(data)) return data._id === vote._id ? patchDeck(data, vote) : data;
  if (data && typeof data === 'object' && Array.isArray((data as { decks?: unknown }).decks)) {
    const list = (data as unknown as { decks: unknown[] }).decks;
    if (!list.some((d) => isDeckLike(d) && d._id === vote._id)) return data;
    return { ...data, decks: list.map((d) => (isDeckLike(d) ? patchDeck(d, vote) : d)) };
  }
  return data;
}
