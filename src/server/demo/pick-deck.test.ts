import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../common/seeded-random';
import { pickDeck } from './share-screenshot';

const card = (i: number, code = `ABC${String(i).padStart(3, '0')}`) => ({ code, name: `Card number ${i}` });

describe('pickDeck', () => {
  it('draws 18 cards of distinct codes and names', () => {
    const deck = pickDeck(
      Array.from({ length: 18 }, (_, i) => card(i)),
      seededRandom(37),
    );
    expect(new Set(deck.map((c) => c.code)).size).toBe(18);
  });

  it('says so, rather than drawing for ever, from cards that hold no such deck', () => {
    // The card list prints ACN0065 on two cards: eighteen names, seventeen codes.
    const cards = Array.from({ length: 18 }, (_, i) => card(i, i === 17 ? 'ABC016' : undefined));
    expect(() => pickDeck(cards, seededRandom(37))).toThrow('no deck of 18 distinct codes and names');
  });
});
