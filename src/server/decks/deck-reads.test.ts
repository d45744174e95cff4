import { DeckReads, type DeckSource } from './deck-reads';
import type { Deck, DecksPage } from '../../common/api/decks';
import type { DeckFilters } from './deck-store';

const deck = (id: string, score = 0): Deck => ({
  _id: id,
  title: `Deck ${id}`,
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

/** A database of its own: decks by id, every search answering all of them in insertion order. */
class FakeSource implements DeckSource {
  decks = new Map<string, Deck>();
  searches = 0;
  counts = 0;
  loads: string[][] = [];
  private held?: Promise<void>;

  put(...decks: Deck[]) {
    for (const d of decks) this.decks.set(d._id, d);
  }

  /**
   * The next load or search reads the decks at once (the reads call it without awaiting anything
   * first) but answers only when `release` is called, so that a write can come in between.
   */
  holdNext(): () => void {
    let release!: () => void;
    this.held = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  private async answer<T>(value: T): Promise<T> {
    const held = this.held;
    this.held = undefined;
    await held;
    return value;
  }

  async loadDecks(ids: string[]) {
    this.loads.push(ids);
    return this.answer(ids.flatMap((id) => this.decks.get(id) ?? []));
  }

  async searchIds(_filters: DeckFilters, window: { offset: number; limit: number }): Promise<string[]> {
    this.searches++;
    return this.answer([...this.decks.keys()].slice(window.offset, window.offset + window.limit));
  }

  async count(): Promise<number> {
    this.counts++;
    return this.decks.size;
  }
}

/** A DeckReads over a FakeSource holding the decks. */
function withDecks(...decks: Deck[]) {
  const source = new FakeSource();
  source.put(...decks);
  return { source, reads: new DeckReads(source) };
}

const parseDeck = (json: string | undefined) => JSON.parse(json!) as Deck;
const parsePage = (json: string) => JSON.parse(json) as DecksPage;
const page = { page: 1, limit: 10 };

describe('DeckReads: one deck', () => {
  test('serves from memory until the deck is evicted', async () => {
    const { source, reads } = withDecks(deck('a', 0));
    expect(parseDeck(await reads.deckJson('a')).score).toBe(0);
    source.put(deck('a', 1));
    expect(parseDeck(await reads.deckJson('a')).score).toBe(0);
    reads.evictDeck('a');
    expect(parseDeck(await reads.deckJson('a')).score).toBe(1);
  });

  test('a read that overlaps a write never keeps the old deck', async () => {
    const { source, reads } = withDecks(deck('a', 0));
    const release = source.holdNext();
    const reading = reads.deckJson('a');
    // A vote commits and evicts while the read is on its way back with the old deck.
    source.put(deck('a', 1));
    reads.evictDeck('a');
    release();
    expect(parseDeck(await reading).score).toBe(0);
    expect(parseDeck(await reads.deckJson('a')).score).toBe(1);
  });

  test('entries expire after their time to live', async () => {
    const { source, reads } = withDecks(deck('a', 0));
    await reads.deckJson('a', 1_000);
    source.put(deck('a', 2));
    expect(parseDeck(await reads.deckJson('a', 2_000)).score).toBe(0);
    expect(parseDeck(await reads.deckJson('a', 10_000)).score).toBe(2);
  });

  test('unknown decks are not kept', async () => {
    const { source, reads } = withDecks();
    expect(await reads.deckJson('a')).toBeUndefined();
    source.put(deck('a'));
    expect(await reads.deckJson('a')).toBeDefined();
  });

  test('an answer that is not a deck is refused before it is kept', async () => {
    const { reads } = withDecks({ ...deck('a'), score: 'many' } as unknown as Deck);
    await expect(reads.deckJson('a')).rejects.toThrow();
  });
});

describe('DeckReads: pages of a search', () => {
  test('a page is searched once, and its decks show every vote at once', async () => {
    const { source, reads } = withDecks(deck('a', 5), deck('b', 3));
    expect(parsePage(await reads.pageJson({ sortBy: 'score' }, page))).toEqual({
      decks: [deck('a', 5), deck('b', 3)],
      totalDecks: 2,
    });
    source.put(deck('b', 4));
    reads.evictDeck('b');
    expect(parsePage(await reads.pageJson({ sortBy: 'score' }, page))).toEqual({
      decks: [deck('a', 5), deck('b', 4)],
      totalDecks: 2,
    });
    expect(source.searches).toBe(1);
    // Only the evicted deck was loaded again.
    expect(source.loads).toEqual([['a', 'b'], ['b']]);
  });

  test('evicting the pages makes the next request search again', async () => {
    const { source, reads } = withDecks(deck('a'));
    await reads.pageJson({}, page);
    source.put(deck('b'));
    expect(parsePage(await reads.pageJson({}, page)).totalDecks).toBe(1);
    reads.evictPages();
    expect(parsePage(await reads.pageJson({}, page)).totalDecks).toBe(2);
  });

  test('a search that overlaps a new deck does not keep its page', async () => {
    const { source, reads } = withDecks(deck('a'));
    const release = source.holdNext();
    const searching = reads.pageJson({}, page);
    source.put(deck('b'));
    reads.evictPages();
    release();
    expect(parsePage(await searching).totalDecks).toBe(1);
    expect(parsePage(await reads.pageJson({}, page)).totalDecks).toBe(2);
  });

  test('requests that search alike share a page; others do not', async () => {
    const { source, reads } = withDecks(deck('a'));
    await reads.pageJson({ tags: ['Budget', 'Outdated'], user: 'Alice' }, page);
    await reads.pageJson({ tags: ['Outdated', 'Budget', 'Budget'], user: 'alice' }, page);
    expect(source.searches).toBe(1);
    for (const other of [
      { tags: ['Budget'] },
      { sortBy: 'score' as const },
      { restricted: true },
      { albums: ['Budget', 'Outdated'] },
    ])
      await reads.pageJson(other, page);
    expect(source.searches).toBe(5);
  });

  test('another limit or page of the same search is cut from the kept block and count, not searched again', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `d${String(i).padStart(2, '0')}`);
    const { source, reads } = withDecks(...ids.map((id) => deck(id)));
    const pageIds = async (query: { page: number; limit: number }) =>
      parsePage(await reads.pageJson({ tags: ['Budget'] }, query)).decks.map((d) => d._id);
    expect(await pageIds({ page: 1, limit: 12 })).toEqual(ids.slice(0, 12));
    expect(await pageIds({ page: 1, limit: 5 })).toEqual(ids.slice(0, 5));
    expect(await pageIds({ page: 2, limit: 12 })).toEqual(ids.slice(12, 24));
    expect(await pageIds({ page: 3, limit: 7 })).toEqual(ids.slice(14, 21));
    expect(await pageIds({ page: 1, limit: 1 })).toEqual(ids.slice(0, 1));
    expect([source.searches, source.counts]).toEqual([1, 1]);
    // A page across two blocks reads the next block only; the count is still the one kept.
    expect(await pageIds({ page: 2, limit: 20 })).toEqual(ids.slice(20, 40));
    expect([source.searches, source.counts]).toEqual([2, 1]);
    expect(await pageIds({ page: 1, limit: 100 })).toEqual(ids);
    expect([source.searches, source.counts]).toEqual([5, 1]);
    expect(parsePage(await reads.pageJson({ tags: ['Budget'] }, { page: 9, limit: 12 }))).toEqual({
      decks: [],
      totalDecks: 60,
    });
  });

  test('a deck gone from the database leaves the page it was on', async () => {
    const { source, reads } = withDecks(deck('a'), deck('b'));
    await reads.pageJson({}, page);
    // Deleted by another instance: this one learns of it when the deck's entry is loaded again.
    source.decks.delete('b');
    reads.evictDeck('b');
    expect(parsePage(await reads.pageJson({}, page)).decks.map((d) => d._id)).toEqual(['a']);
  });
});

describe('DeckReads: requests that come while the same load runs', () => {
  test('wait for it instead of asking the database again', async () => {
    const { source, reads } = withDecks(deck('a'), deck('b'));
    const release = source.holdNext();
    const pages = [reads.pageJson({}, page), reads.pageJson({}, page), reads.pageJson({}, page)];
    release();
    expect(new Set(await Promise.all(pages)).size).toBe(1);
    expect(source.searches).toBe(1);

    reads.evictDeck('a');
    const releaseLoad = source.holdNext();
    const decks = [reads.deckJson('a'), reads.deckJson('a'), reads.pageJson({}, page)];
    releaseLoad();
    await Promise.all(decks);
    // The first page loaded both decks; after the eviction only 'a', once for the three readers.
    expect(source.loads).toEqual([['a', 'b'], ['a']]);
  });

  test('but not for one begun before a write they must see', async () => {
    const { source, reads } = withDecks(deck('a', 0));
    let release = source.holdNext();
    const before = reads.deckJson('a');
    source.put(deck('a', 1));
    reads.evictDeck('a');
    const after = reads.deckJson('a');
    release();
    expect([parseDeck(await before).score, parseDeck(await after).score]).toEqual([0, 1]);

    release = source.holdNext();
    const searchBefore = reads.pageJson({}, page);
    source.put(deck('b'));
    reads.evictPages();
    const searchAfter = reads.pageJson({}, page);
    release();
    expect([parsePage(await searchBefore).totalDecks, parsePage(await searchAfter).totalDecks]).toEqual([1, 2]);
  });
});
