import type { Deck } from '../../../common/api/decks';
import { facetValues, filterDecks, nextSort, NO_FILTERS, sortDecks } from './curated-table';

const deck = (over: Partial<Deck>): Deck => ({
  _id: over.title ?? 'x',
  title: 'x',
  deckcode: 'null',
  user: 'Innkeeper',
  image: '/upload/x',
  description: '',
  cards: [],
  albums: [],
  collections: [],
  tags: [],
  score: 0,
  voters: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const decks = [
  deck({
    title: 'Space Burn',
    deckcode: 'BBB',
    albums: ['Space'],
    tags: ['Burn', 'Budget'],
    updatedAt: '2026-03-01T00:00:00Z',
  }),
  deck({
    title: 'History Lock',
    deckcode: 'null',
    albums: ['History', 'Space'],
    tags: ['Lock'],
    updatedAt: '2026-01-01T00:00:00Z',
  }),
  deck({
    title: 'Ocean burn',
    deckcode: 'AAA',
    albums: ['Oceans & Seas'],
    tags: ['Burn'],
    updatedAt: '2026-02-01T00:00:00Z',
  }),
];
const titles = (list: Deck[]) => list.map((d) => d.title);

test('the title search ignores case', () => {
  expect(titles(filterDecks(decks, { ...NO_FILTERS, title: 'BURN' }))).toEqual(['Space Burn', 'Ocean burn']);
});

test('a deck must contain all checked values', () => {
  expect(titles(filterDecks(decks, { ...NO_FILTERS, albums: ['Space'] }))).toEqual(['Space Burn', 'History Lock']);
  expect(titles(filterDecks(decks, { ...NO_FILTERS, albums: ['Space'], tags: ['Burn', 'Budget'] }))).toEqual([
    'Space Burn',
  ]);
});

test('sorting by title, date and code; decks without a code go last', () => {
  expect(titles(sortDecks(decks, 'title', 'ascending'))).toEqual(['History Lock', 'Ocean burn', 'Space Burn']);
  expect(titles(sortDecks(decks, 'updatedAt', 'descending'))).toEqual(['Space Burn', 'Ocean burn', 'History Lock']);
  expect(titles(sortDecks(decks, 'deckcode', 'ascending'))).toEqual(['Ocean burn', 'Space Burn', 'History Lock']);
  expect(titles(sortDecks(decks, 'deckcode', 'descending'))).toEqual(['Space Burn', 'Ocean burn', 'History Lock']);
});

test('facets count decks per value; a click flips or starts a sort', () => {
  expect(facetValues(decks, 'tags')).toEqual([
    { value: 'Burn', count: 2 },
    { value: 'Budget', count: 1 },
    { value: 'Lock', count: 1 },
  ]);
  expect(nextSort({ key: 'title', direction: 'ascending' }, 'title')).toEqual({
    key: 'title',
    direction: 'descending',
  });
  expect(nextSort({ key: 'title', direction: 'ascending' }, 'updatedAt')).toEqual({
    key: 'updatedAt',
    direction: 'descending',
  });
});
