import { deckSearchDocument, foldText, normalizeName, searchWords } from './text';

test('foldText drops accents and case, and decomposes compatibility forms', () => {
  expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
  expect(foldText('Ｆｕｌｌ ﬁre')).toBe('full fire');
  expect(foldText('İstanbul Øre')).toBe('istanbul øre');
});

test('searchWords splits at anything but letters and digits, so query syntax is never kept', () => {
  expect(searchWords('NEAR(a b) "x" -y* z:* & ok')).toEqual(['near', 'a', 'b', 'x', 'y', 'z', 'ok']);
  expect(searchWords(' " * - ')).toEqual([]);
  expect(searchWords('Zoë_Martín x7K2pq')).toEqual(['zoe', 'martin', 'x7k2pq']);
});

test('a deck search document holds the distinct words of title, code and author; the literal null is no code', () => {
  expect(deckSearchDocument({ title: 'Deck of the deck', deckcode: 'AB12CD', username: 'Renée' })).toBe(
    'deck of the ab12cd renee',
  );
  expect(deckSearchDocument({ title: 'Ocean', deckcode: 'null', username: 'sam' })).toBe('ocean sam');
});

test('card names still normalise as before', () => {
  expect(normalizeName('CAÑO CRISTALES')).toBe('cano cristales');
  expect(normalizeName("Cano-Cristale's")).toBe('cano cristales');
});
