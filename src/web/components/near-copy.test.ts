import type { SimilarDecks } from '../../common/api/decks';
import { nearCopyOf } from './near-copy';

const deck = (id: string, shared: number) => ({
  _id: id,
  title: `Deck ${id}`,
  user: 'Someone',
  score: 0,
  shared,
  onlyInThis: [],
  onlyInOther: [],
});

describe('nearCopyOf', () => {
  it('names a deck holding all 18 cards, before one with the same code', () => {
    const answer: SimilarDecks = {
      cardCount: 18,
      decks: [deck('a', 18), deck('b', 17)],
      sameCode: [{ _id: 'c', title: 'Deck c', user: 'Other' }],
    };
    expect(nearCopyOf(answer)).toMatchObject({ deck: { _id: 'a' }, reason: 'cards', shared: 18, cardCount: 18 });
  });

  it('notes 17 of 18 (only the neutral note), and asks for the same code whatever the cards', () => {
    expect(nearCopyOf({ cardCount: 18, decks: [deck('b', 17)] })).toBeNull();
    expect(
      nearCopyOf({ cardCount: 18, decks: [deck('b', 17)], sameCode: [{ _id: 'b', title: 'Deck b', user: 'X' }] }),
    ).toMatchObject({ deck: { _id: 'b' }, reason: 'code', shared: 17 });
  });

  it('a short list matching all its cards is no 18/18 copy', () => {
    expect(nearCopyOf({ cardCount: 12, decks: [deck('a', 12)] })).toBeNull();
  });

  it('leaves out the deck being corrected', () => {
    const answer: SimilarDecks = {
      cardCount: 18,
      decks: [deck('self', 18)],
      sameCode: [{ _id: 'self', title: 'Deck self', user: 'Me' }],
    };
    expect(nearCopyOf(answer, 'self')).toBeNull();
    expect(nearCopyOf(answer)).not.toBeNull();
  });
});
