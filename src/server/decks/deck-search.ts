// Where the searches of decks are answered: the in-memory index (deck-search-index.ts) once this
// process has read it, the database (deck-store.ts) while it reads. Both answer the same: the
// index's tests check it against the SQL over random filters on both databases.
import type { Db } from '../db/connect';
import { identifierKey } from '../../common/identifiers';
import { countDecks, searchDeckIds, windowStart, type DeckFilters } from './deck-store';
import type { DeckSource } from './deck-reads';
import type { LiveDeckIndex } from './live-deck-index';

type Search = Pick<DeckSource, 'searchIds' | 'count'>;

export function deckSearch(searchDb: Db, live: LiveDeckIndex): Search {
  /** The id of the user a search names: undefined for none named, null when nobody has that name. */
  const userIdOf = async (filters: DeckFilters) => {
    if (filters.user === undefined) return undefined;
    const username = identifierKey(filters.user);
    if (username === null) return null;
    const user = await searchDb
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', username)
      .executeTakeFirst();
    return user?.id ?? null;
  };
  const indexed = async (filters: DeckFilters, window: { offset: number; limit: number }) => {
    const [index, userId] = await Promise.all([live.current(), userIdOf(filters)]);
    return index?.search(filters, { ...window, userId, since: windowStart(filters, new Date()) });
  };
  return {
    async searchIds(filters, window) {
      return (await indexed(filters, window))?.ids ?? searchDeckIds(searchDb, filters, window);
    },
    async count(filters) {
      return (await indexed(filters, { offset: 0, limit: 0 }))?.total ?? countDecks(searchDb, filters);
    },
  };
}
