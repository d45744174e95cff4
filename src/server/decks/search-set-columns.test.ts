// The searches' exclusions read set columns on the deck's row (db/deck-set-columns.ts), copies of
// the filter tables. Here every filter, window, sort and count is checked against a plain filter
// over the same decks in memory, before and after decks change their cards and categories.
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { seededRandom } from '../../common/seeded-random';
import { ALBUMS, TAGS, startOfGameWeek } from '../../common/game';
import { countDecks, searchDecks, setDeckHidden, updateDeck, type DeckFilters } from './deck-store';

interface Known {
  id: string;
  cards: string[];
  albums: string[];
  collections: string[];
  tags: string[];
  createdAt: Date;
  hidden: boolean;
}

const CARDS = Array.from({ length: 30 }, (_, i) => `Card ${i}`);
// The first albums and tags, and the last tags: these sit in the second word of tag bits.
const ALBUM_NAMES = ALBUMS.slice(0, 3).map((a) => a.name);
const TAG_NAMES = [...TAGS.slice(0, 3), ...TAGS.slice(-3)].map((t) => t.name);
const COLLECTION_CODES = ['SPA', 'HIS'];

describeEachDatabase('search filters on set columns answer what the filter tables hold', (ctx) => {
  const now = new Date();
  const random = seededRandom(37);
  const some = <T>(list: readonly T[], most: number) => [
    ...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => list[Math.floor(random() * list.length)])),
  ];
  const decks: Known[] = [];

  beforeAll(async () => {
    const user = await buildUser(ctx.db);
    for (let i = 0; i < 40; i++) {
      const deck = {
        cards: some(CARDS, 12),
        albums: some(ALBUM_NAMES, 2),
        collections: some(COLLECTION_CODES, 2),
        tags: random() < 0.1 ? [] : some(TAG_NAMES, 3),
        // Whole seconds apart, so that newest-first is one order on both databases.
        createdAt: new Date(now.getTime() - Math.floor(random() * 60 * 24 * 3600) * 1000 - i),
        hidden: false,
      };
      const id = await buildDeck(ctx.db, user.id, {
        ...deck,
        cards: deck.cards.map((name) => ({ name, code: null })),
      });
      decks.push({ id, ...deck });
    }
    for (const deck of decks.filter((_, i) => i % 9 === 0)) {
      deck.hidden = true;
      await setDeckHidden(ctx.db, deck.id, now.toISOString());
    }
  });

  /** The plain answer: every filter applied to the decks in memory, newest first. */
  function expected(filters: DeckFilters): string[] {
    const since = filters.window === '30d' ? now.getTime() - 30 * 24 * 3600 * 1000 : null;
    const week = filters.window === 'week' ? startOfGameWeek(now).getTime() : null;
    const all = (has: string[], wanted: string[] | undefined) => (wanted ?? []).every((v) => has.includes(v));
    const none = (has: string[], left: string[] | undefined) => !(left ?? []).some((v) => has.includes(v));
    return decks
      .filter(
        (d) =>
          !d.hidden &&
          all(d.cards, filters.cards) &&
          all(d.albums, filters.albums) &&
          all(d.collections, filters.collections) &&
          all(d.tags, filters.tags) &&
          none(d.cards, filters.excludeCards) &&
          none(d.albums, filters.excludeAlbums) &&
          none(d.tags, filters.excludeTags) &&
          (since === null || d.createdAt.getTime() >= since) &&
          (week === null || d.createdAt.getTime() >= week),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((d) => d.id);
  }

  /** Filters drawn at random from the decks' own values, so that most find some decks. */
  function randomFilters(): DeckFilters {
    const maybe = <T>(list: readonly T[], most: number) => (random() < 0.4 ? some(list, most) : []);
    return {
      cards: maybe(CARDS.slice(0, 8), 2),
      albums: maybe(ALBUM_NAMES, 1),
      collections: maybe(COLLECTION_CODES, 1),
      tags: maybe(TAG_NAMES, 1),
      excludeCards: maybe([...CARDS, 'Card never in a deck'], 6),
      excludeAlbums: maybe(ALBUM_NAMES, 2),
      excludeTags: maybe(TAG_NAMES, 4),
      window: random() < 0.3 ? '30d' : undefined,
    } as DeckFilters;
  }

  async function checkAgainstMemory(rounds: number) {
    for (let round = 0; round < rounds; round++) {
      const filters = randomFilters();
      const want = expected(filters);
      const found = await searchDecks(ctx.db, filters, { page: 1, limit: 100 }, now);
      expect(
        found.decks.map((d) => d._id),
        JSON.stringify(filters),
      ).toEqual(want);
      expect(found.totalDecks, JSON.stringify(filters)).toBe(want.length);
      expect(await countDecks(ctx.db, filters, now), JSON.stringify(filters)).toBe(want.length);
    }
  }

  test('random filters, exclusions and windows: the same decks, order and count as a plain filter', async () => {
    await checkAgainstMemory(60);
  });

  test('the exclusions alone, each of every value', async () => {
    for (const card of CARDS)
      expect(
        (await searchDecks(ctx.db, { excludeCards: [card] } as DeckFilters, { page: 1, limit: 100 }, now)).decks.map(
          (d) => d._id,
        ),
      ).toEqual(expected({ excludeCards: [card] } as DeckFilters));
    for (const tag of TAG_NAMES) {
      const filters = { excludeTags: [tag] } as DeckFilters;
      expect((await searchDecks(ctx.db, filters, { page: 1, limit: 100 }, now)).decks.map((d) => d._id)).toEqual(
        expected(filters),
      );
    }
    for (const album of ALBUM_NAMES) {
      const filters = { excludeAlbums: [album], sortBy: 'score' } as DeckFilters;
      expect(await countDecks(ctx.db, filters, now)).toBe(expected(filters).length);
    }
    // Every tag excluded: only the decks without any tag are left.
    const allTags = { excludeTags: TAGS.map((t) => t.name) } as DeckFilters;
    expect(await countDecks(ctx.db, allTags, now)).toBe(decks.filter((d) => !d.hidden && d.tags.length === 0).length);
  });

  test('a deck whose cards and categories were corrected is found by its new ones, not its old ones', async () => {
    const changed = decks.filter((d) => !d.hidden).slice(0, 6);
    for (const deck of changed) {
      const cards = some(CARDS, 12);
      const tags = some(TAG_NAMES, 2);
      const albums = some(ALBUM_NAMES, 1);
      await updateDeck(
        ctx.db,
        deck.id,
        { tags, albums },
        cards.map((name) => ({ name, code: null })),
      );
      Object.assign(deck, { cards, tags, albums });
    }
    // A card no deck had before the correction: it gets its number then.
    await updateDeck(ctx.db, changed[0].id, {}, [{ name: 'Card new since', code: null }]);
    changed[0].cards = ['Card new since'];
    expect(expected({ excludeCards: ['Card new since'] } as DeckFilters)).not.toContain(changed[0].id);
    await checkAgainstMemory(60);
    for (const deck of changed) {
      const filters = { excludeCards: deck.cards, excludeTags: deck.tags } as DeckFilters;
      expect((await searchDecks(ctx.db, filters, { page: 1, limit: 100 }, now)).decks.map((d) => d._id)).toEqual(
        expected(filters),
      );
    }
  });
});
