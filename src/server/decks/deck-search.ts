// Where the searches of decks are answered: the in-memory index (deck-search-index.ts) once this
// process has read it, the database (deck-store.ts) while it reads. Both answer the same: the
// index's tests check it against the SQL over random filters on both databases.
import type { Db } from '../db/connect';
import { findUserByUsername } from '../accounts/user-store';
import { countDecks, searchDeckIds, windowStart, type DeckFilters } from './deck-store';
import type { DeckSource } from './deck-reads';
import type { LiveDeckIndex } from './live-deck-index';

type Search = Pick<DeckSource, 'searchIds' | 'count'>;
type Found = { ids: string[]; total: number } | undefined;

export function deckSearch(searchDb: Db, live: LiveDeckIndex): Search {
  /** The id of the user a search names: undefined for none named, null when nobody has that name. */
  const userIdOf = async (filters: DeckFilters) =>
    filters.user === undefined ? undefined : ((await findUserByUsername(searchDb, filters.user))?.id ?? null);
  const indexed = async (filters: DeckFilters, window: { offset: number; limit: number }): Promise<Found> => {
    const [index, userId] = await Promise.all([live.current(), userIdOf(filters)]);
    return index?.search(filters, { ...window, userId, since: windowStart(filters, new Date()) });
  };
  /**
   * The searches under way by their filters: the reads ask a page's ids and the search's count at
   * once (deck-reads.ts), and one walk over the decks answers both.
   */
  const running = new Map<string, Promise<Found>>();
  return {
    async searchIds(filters, window) {
      const key = JSON.stringify(filters);
      const found = indexed(filters, window);
      running.set(key, found);
      try {
        return (await found)?.ids ?? (await searchDeckIds(searchDb, filters, window));
      } finally {
        if (running.get(key) === found) running.delete(key);
      }
    },
    async count(filters) {
      const found = await (running.get(JSON.stringify(filters)) ?? indexed(filters, { offset: 0, limit: 0 }));
      return found?.total ?? countDecks(searchDb, filters);
    },
  };
}
