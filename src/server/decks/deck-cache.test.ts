import { DeckCache } from './deck-cache';
import type { Deck } from '../../common/api/decks';

const deck = (score: number): Deck => ({
  _id: '0123456789abcdef01234567',
  title: 'T',
  deckcode: 'null',
  user: 'u',
  image: '/upload/x.webp',
  description: '',
  cards: [],
  albums: [],
  collections: [],
  tags: [],
  score,
  voters: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const scoreOf = (json: string | undefined) => (JSON.parse(json!) as Deck).score;

describe('DeckCache', () => {
  test('serves from memory until the deck is evicted', async () => {
    let stored = deck(0);
    const cache = new DeckCache(async () => stored);
    expect(scoreOf(await cache.getJson('a'))).toBe(0);
    stored = deck(1);
    expect(scoreOf(await cache.getJson('a'))).toBe(0);
    cache.evict('a');
    expect(scoreOf(await cache.getJson('a'))).toBe(1);
  });

  test('a read that overlaps a write never keeps the old deck', async () => {
    let finishRead!: (d: Deck) => void;
    let stored = deck(0);
    let calls = 0;
    const cache = new DeckCache((): Promise<Deck> => (calls++ === 0 ? new Promise((resolve) => (finishRead = resolve)) : Promise.resolve(stored)));
    // The read loads the old deck, then a vote commits and evicts before the read stores it.
    const reading = cache.getJson('a');
    stored = deck(1);
    cache.evict('a');
    finishRead(deck(0));
    expect(scoreOf(await reading)).toBe(0);
    expect(scoreOf(await cache.getJson('a'))).toBe(1);
  });

  test('entries expire after their time to live', async () => {
    let stored = deck(0);
    const cache = new DeckCache(async () => stored);
    await cache.getJson('a', 1_000);
    stored = deck(2);
    expect(scoreOf(await cache.getJson('a', 2_000))).toBe(0);
    expect(scoreOf(await cache.getJson('a', 10_000))).toBe(2);
  });

  test('unknown decks are not cached', async () => {
    const cache = new DeckCache(async () => undefined);
    expect(await cache.getJson('a')).toBeUndefined();
  });
});
