// The in-memory search index answers what the SQL answers (deck-store.ts): the same ids in the same
// order and the same count, over random filters of every kind, on both databases, before and after
// decks are voted on, hidden, edited, deleted and published, as the live index reads the change log.
import pino from 'pino';
import { testDatabases } from '../../../test/support/databases';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { seededRandom } from '../../common/seeded-random';
import { ALBUMS, COLLECTIONS, TAGS } from '../../common/game';
import type { DbHandle } from '../db/connect';
import {
  changeVote,
  countDecks,
  deleteDeck,
  searchDeckIds,
  setDeckHidden,
  updateDeck,
  type DeckFilters,
} from './deck-store';
import { LiveDeckIndex } from './live-deck-index';
import { deckSearch } from './deck-search';
import { topDeckIdsWithCard } from './decks-with-card';
import { deckCardCodes, findSimilarDecks } from './similar-decks';

const CARDS = Array.from({ length: 40 }, (_, i) => `Card ${i}`);
/** Catalog codes as decks hold them; the last cards have none (not in the catalog). */
const withCode = (name: string) => {
  const n = Number(name.slice(5));
  return { name, code: n >= 36 ? null : `SAS${String(n).padStart(3, '0')}` };
};
const ALBUM_NAMES = ALBUMS.slice(0, 3).map((a) => a.name);
// The first tags and the last: those sit in other words of the bits.
const TAG_NAMES = [...TAGS.slice(0, 3), ...TAGS.slice(-3)].map((t) => t.name);
const COLLECTION_CODES = COLLECTIONS.slice(0, 3).map((c) => c.code);
const TITLE_WORDS = ['Dragón', 'dragons', 'Rush', 'space', 'Öcean', 'rush-hour', 'mill'];

for (const database of testDatabases()) {
  describe(`the search index answers as the database [${database.name}]`, () => {
    const random = seededRandom(3701);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const some = <T>(list: readonly T[], most: number) => [
      ...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(list))),
    ];
    const now = Date.now();
    let handle: DbHandle;
    let live: LiveDeckIndex;
    const users: { id: string; username: string }[] = [];
    const deckIds: string[] = [];

    const newDeck = async () => {
      const id = await buildDeck(handle.db, pick(users).id, {
        title: some(TITLE_WORDS, 3).join(' '),
        deckcode: random().toString(36).slice(2, 8).toUpperCase(),
        cards: some(CARDS, 18).map(withCode),
        albums: some(ALBUM_NAMES, 2),
        collections: random() < 0.2 ? [] : some(COLLECTION_CODES, 2),
        tags: random() < 0.1 ? [] : some(TAG_NAMES, 3),
        // Whole seconds, some shared: ties are ordered by id on both sides.
        createdAt: new Date(
          now - Math.floor(random() * 40) * 24 * 3600 * 1000 - (random() < 0.2 ? 0 : random() * 1000),
        ),
      });
      deckIds.push(id);
      return id;
    };

    beforeAll(async () => {
      handle = await database.open();
      for (const username of ['Zoë', 'rushfan', 'mill_er']) users.push(await buildUser(handle.db, { username }));
      for (let i = 0; i < 60; i++) await newDeck();
      // Full decks and near-copies of them, so that some decks share 12 or more cards (the similar decks).
      const coded = CARDS.filter((name) => withCode(name).code !== null);
      for (let i = 0; i < 4; i++) {
        const original = [...coded].sort(() => random() - 0.5).slice(0, 18);
        for (let copy = 0; copy < 4; copy++) {
          const cards = original.map((name) => (copy > 0 && random() < 0.2 ? pick(CARDS) : name));
          deckIds.push(await buildDeck(handle.db, pick(users).id, { cards: [...new Set(cards)].map(withCode) }));
        }
      }
      for (const id of deckIds.slice(0, 20)) {
        for (const user of users.slice(0, 1 + Math.floor(random() * 3)))
          await changeVote(handle.db, id, user.id, 'increase');
      }
      await setDeckHidden(handle.db, deckIds[5], new Date(now).toISOString());
      live = new LiveDeckIndex(handle.searchDb, handle.db, pino({ level: 'silent' }));
      await live.start();
    });
    afterAll(async () => {
      live?.close();
      await handle?.close();
    });

    function randomFilters(): DeckFilters {
      const maybe = <T>(list: readonly T[], most: number) => (random() < 0.35 ? some(list, most) : []);
      const text = [
        undefined,
        undefined,
        pick(TITLE_WORDS),
        `${pick(TITLE_WORDS)} ${pick(TITLE_WORDS).slice(0, 3)}`,
        pick(users).username.slice(0, 4),
        'nothing-like-it',
        '-- !',
      ];
      return {
        cards: maybe([...CARDS.slice(0, 10), 'Card never in a deck'], 2),
        albums: maybe(ALBUM_NAMES, 1),
        collections: maybe(COLLECTION_CODES, 1),
        tags: maybe(TAG_NAMES, 1),
        excludeCards: maybe([...CARDS, 'Card never in a deck'], random() < 0.2 ? 30 : 4),
        excludeAlbums: maybe(ALBUM_NAMES, 2),
        excludeTags: maybe(TAG_NAMES, 4),
        user:
          random() < 0.15 ? pick([...users.map((u) => u.username.toUpperCase()), 'nobody', 'bad name!']) : undefined,
        text: pick(text),
        sortBy: random() < 0.5 ? 'score' : undefined,
        restricted: random() < 0.15 ? true : undefined,
        window: pick([undefined, undefined, '30d', 'week', 'all'] as const),
      };
    }

    async function checkAgainstSql(rounds: number) {
      const search = deckSearch(handle.searchDb, live);
      for (let round = 0; round < rounds; round++) {
        const filters = randomFilters();
        const window = { offset: pick([0, 0, 3, 12]), limit: pick([5, 12, 100]) };
        const label = JSON.stringify({ filters, window });
        const [ids, count] = await Promise.all([search.searchIds(filters, window), search.count(filters)]);
        expect(ids, label).toEqual(await searchDeckIds(handle.searchDb, filters, window));
        expect(count, label).toBe(await countDecks(handle.searchDb, filters));
      }
    }

    /** The card page's top decks: the same pages from the index as from the SQL, for every code. */
    async function checkCardPagesAgainstSql() {
      for (const code of [...new Set(CARDS.map((name) => withCode(name).code))].filter((c) => c !== null)) {
        const stats = await handle.db
          .selectFrom('card_stats')
          .select('decks')
          .where('code', '=', code)
          .executeTakeFirst();
        const query = { code, offset: pick([0, 0, 4]), limit: pick([3, 12]), cardDecks: Number(stats?.decks ?? 0) };
        // Both of the SQL's plans (see decks-with-card.ts): the card in most decks, and in few.
        for (const totalDecks of [1, 1e9]) {
          expect(await topDeckIdsWithCard(handle.searchDb, { ...query, totalDecks }, live), code).toEqual(
            await topDeckIdsWithCard(handle.searchDb, { ...query, totalDecks }),
          );
        }
      }
    }

    /** Each deck's similar decks: the same from the index as from the SQL. */
    async function checkSimilarAgainstSql() {
      let found = 0;
      for (const id of deckIds) {
        const codes = await deckCardCodes(handle.db, id);
        if (!codes) continue;
        const fromIndex = await findSimilarDecks(handle.searchDb, codes, id, live);
        expect(fromIndex, id).toEqual(await findSimilarDecks(handle.searchDb, codes, id));
        found += fromIndex.length;
      }
      expect(found).toBeGreaterThan(0);
    }

    test('random filters: the same ids, order and count as the SQL', async () => {
      expect(await live.current()).not.toBeNull();
      await checkAgainstSql(150);
      await checkCardPagesAgainstSql();
      await checkSimilarAgainstSql();
    });

    test('after votes, hiding, edits, deletions and new decks, read from the log', async () => {
      const index = await live.current();
      await changeVote(handle.db, deckIds[30], users[0].id, 'increase');
      await changeVote(handle.db, deckIds[0], users[0].id, 'decrease');
      await setDeckHidden(handle.db, deckIds[5], null);
      await setDeckHidden(handle.db, deckIds[6], new Date(now).toISOString());
      await updateDeck(
        handle.db,
        deckIds[7],
        { title: 'Brand new dragons', albums: [ALBUM_NAMES[2]], tags: [TAG_NAMES[5]], collections: [] },
        some(CARDS, 18).map(withCode),
      );
      await deleteDeck(handle.db, deckIds[8]);
      for (let i = 0; i < 5; i++) await newDeck();
      // The same index, changed in place: no second load.
      expect(await live.current()).toBe(index);
      await checkAgainstSql(150);
      await checkCardPagesAgainstSql();
      await checkSimilarAgainstSql();
    });

    test('a write is found by the next search, also while another read of the log is under way', async () => {
      const search = deckSearch(handle.searchDb, live);
      const find = () => search.searchIds({ text: 'zzz' }, { offset: 0, limit: 1 });
      const id = await newDeck();
      expect(await find()).toEqual([]);
      // Another search's read of the log may be under way when the write commits: this one reads after it.
      const other = find();
      await updateDeck(handle.db, id, { title: 'zzzebra' });
      expect(await find()).toEqual([id]);
      await other;
    });
  });
}
