// The text search of decks (issue #38): the condition a search's `text` adds, and the stored
// document it looks in (decks.search_text, indexed per database by migrations/0017). Both are made
// of the same folded words (common/text.ts), so what a player types is only ever a list of words,
// never the query language of FTS5 or of tsquery.
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import { deckSearchDocument, searchWords } from '../../common/text';

/** The last word is searched as begun (a prefix) once it has this many characters; a single letter would match most words. */
export const MIN_PREFIX_LENGTH = 2;

/** The words of a search text as the deck cache keys them: two texts of the same words find the same decks. */
export const textSearchKey = (text: string | undefined): string[] => searchWords(text ?? '');

/**
 * The condition "the deck holds every word of the text, the last perhaps only begun", or null when
 * the text has no word (only punctuation or spaces), which filters nothing.
 */
export function matchesText(db: Db, text: string | undefined): RawBuilder<boolean> | null {
  const words = searchWords(text ?? '');
  if (words.length === 0) return null;
  const last = words.length - 1;
  const prefix = (i: number) => i === last && words[i].length >= MIN_PREFIX_LENGTH;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // tsquery syntax: 'word' & 'last':* — the words hold only letters and digits, so quoting is safe.
    const query = words.map((word, i) => `'${word}'${prefix(i) ? ':*' : ''}`).join(' & ');
    return sql<boolean>`decks.search_vector @@ ${query}::tsquery`;
  }
  // FTS5 syntax: "word" "last"* — every quoted string must match (an implicit AND).
  const query = words.map((word, i) => `"${word}"${prefix(i) ? '*' : ''}`).join(' ');
  return sql<boolean>`decks.rowid in (select rowid from deck_search where deck_search match ${query})`;
}

/** Sets the deck's search document from its title, code and author: after a publish, and after an edit of the title or code. */
export async function refreshSearchDocument(db: Db, deckId: string): Promise<void> {
  const deck = await db
    .selectFrom('decks')
    .innerJoin('users', 'users.id', 'decks.user_id')
    .select(['decks.title', 'decks.deckcode', 'users.username'])
    .where('decks.id', '=', deckId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('decks')
    .set({ search_text: deckSearchDocument(deck) })
    .where('id', '=', deckId)
    .execute();
}
