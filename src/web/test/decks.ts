import type { Deck } from '../../common/api/decks';

/** A deck as the API answers it, numbered `i` (its id, title, image and score), with `changes` on top. */
export const testDeck = (i: number, changes: Partial<Deck> = {}): Deck => ({
  _id: i.toString(16).padStart(24, '0'),
  title: `Deck ${i}`,
  deckcode: 'null',
  user: 'StarGazer',
  image: `/upload/${i}.webp`,
  description: '',
  cards: [],
  albums: ['Space'],
  collections: [],
  tags: [],
  score: i,
  voters: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...changes,
});
