import { addCards, deckMix, moveCard, removeCard, type BuilderCard } from './builder-deck';

const card = (n: number, code = `SAS${String(n).padStart(3, '0')}`): BuilderCard => ({
  code,
  name: `Card ${n}`,
  rarity: n % 2 ? 'Common' : 'Rare',
});

test('adds up to 18 distinct cards and says which were left out', () => {
  const first = addCards([], [card(1), card(2), card(1)]);
  expect(first.deck.map((c) => c.code)).toEqual(['SAS001', 'SAS002']);
  expect(first.skipped).toEqual([card(1)]);
  const full = addCards(
    first.deck,
    Array.from({ length: 20 }, (_, i) => card(i + 3)),
  );
  expect(full.deck).toHaveLength(18);
  expect(full.skipped.map((c) => c.code)).toEqual(['SAS019', 'SAS020', 'SAS021', 'SAS022']);
});

test('moves a card up and down, clamped at the ends, and removes one', () => {
  const deck = [card(1), card(2), card(3)];
  expect(moveCard(deck, 2, -1).map((c) => c.name)).toEqual(['Card 1', 'Card 3', 'Card 2']);
  expect(moveCard(deck, 0, 1).map((c) => c.name)).toEqual(['Card 2', 'Card 1', 'Card 3']);
  expect(moveCard(deck, 0, -1)).toBe(deck);
  expect(moveCard(deck, 2, 1)).toBe(deck);
  expect(removeCard(deck, 'SAS002').map((c) => c.name)).toEqual(['Card 1', 'Card 3']);
});

test("counts the deck's albums, collections and rarities, most first", () => {
  const mix = deckMix([card(1), card(2), card(3), card(4, 'ACAL001')]);
  expect(mix.albums).toEqual([
    ['Space', 3],
    ['Arts & Culture', 1],
  ]);
  expect(mix.collections).toEqual([
    ['SAS', 3],
    ['ACAL', 1],
  ]);
  expect(mix.rarities).toEqual([
    ['Common', 2],
    ['Rare', 2],
  ]);
});
