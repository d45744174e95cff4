import { compareReading } from './reading-outcome';

const card = (n: number) => ({ code: `SAS${String(n).padStart(3, '0')}`, name: `Card ${n}` });

describe('compareReading', () => {
  test('keeps the cards in both, pairs the rest in deck order as corrections, and counts what is left as added or removed', () => {
    const outcome = compareReading(
      { cards: [card(1), card(2), card(3), card(4)], deckCode: 'abc123' },
      { cards: [card(1), card(9), card(3), card(8), card(7)], deckCode: 'ABC123' },
    );
    expect(outcome.kept).toEqual([card(1), card(3)]);
    expect(outcome.changed).toEqual([
      { read: card(2), published: card(9) },
      { read: card(4), published: card(8) },
    ]);
    expect(outcome.added).toEqual([card(7)]);
    expect(outcome.removed).toEqual([]);
    expect(outcome.deckCode).toEqual({ read: 'abc123', published: 'ABC123', kept: true });
  });

  test('a card read twice and published once is kept once and removed once; a code not read is changed', () => {
    const outcome = compareReading(
      { cards: [card(5), card(5)], deckCode: null },
      { cards: [card(5)], deckCode: 'XYZ999' },
    );
    expect(outcome.kept).toEqual([card(5)]);
    expect(outcome.changed).toEqual([]);
    expect(outcome.removed).toEqual([card(5)]);
    expect(outcome.deckCode).toEqual({ read: null, published: 'XYZ999', kept: false });
  });
});
