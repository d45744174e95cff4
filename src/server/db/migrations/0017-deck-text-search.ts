import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { deckSearchDocument } from '../../../common/text';

// The text search of decks (issue #38): title words, the deck code and the author's username, accents
// and case folded. Each deck keeps its folded words in `search_text` (common/text.ts
// deckSearchDocument, written by the deck store on publish and edit; usernames never change), and
// each database indexes them its own way:
// - SQLite: an FTS5 index of the words (unicode61, diacritics removed, prefix indexes of 2 and 3
//   characters for the last word as typed) over decks.search_text, kept by triggers on decks.
// - PostgreSQL: a stored tsvector of exactly those words (array_to_tsvector, so no text-search
//   parser splits them differently from the query, which is built of the same words) under a GIN index.

/** Decks whose search_text one statement sets: three parameters each, far under either database's limit. */
const BACKFILL_BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('decks')
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await backfill(db);
  if (postgres) {
    await sql`alter table decks add column search_vector tsvector
      generated always as (array_to_tsvector(string_to_array(search_text, ' '))) stored`.execute(db);
    await sql`create index decks_search_vector on decks using gin (search_vector)`.execute(db);
    return;
  }
  // External content: the words stay in decks.search_text and FTS5 keeps only its index, keyed by
  // the decks' rowids. A VACUUM may renumber the rowids of a table keyed by text: after one, an
  // operator runs `insert into deck_search(deck_search) values ('rebuild')` (the site never vacuums).
  await sql`create virtual table deck_search using fts5(search_text, content = 'decks', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  await sql`insert into deck_search (deck_search) values ('rebuild')`.execute(db);
  await sql`create trigger deck_search_insert after insert on decks begin
    insert into deck_search (rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger deck_search_update after update of search_text on decks begin
    insert into deck_search (deck_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into deck_search (rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger deck_search_delete after delete on decks begin
    insert into deck_search (deck_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
}

/** Every existing deck's search_text, a batch per statement. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const decks = (
    await sql<{
      id: string;
      title: string;
      deckcode: string;
      username: string;
    }>`select decks.id, decks.title, decks.deckcode, users.username from decks join users on users.id = decks.user_id`.execute(
      db,
    )
  ).rows;
  for (let i = 0; i < decks.length; i += BACKFILL_BATCH) {
    const batch = decks.slice(i, i + BACKFILL_BATCH);
    const cases = batch.map((deck) => sql`when ${deck.id} then ${deckSearchDocument(deck)}`);
    await sql`update decks set search_text = case id ${sql.join(cases, sql` `)} end
      where id in (${sql.join(batch.map((deck) => deck.id))})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop index decks_search_vector`.execute(db);
    await sql`alter table decks drop column search_vector`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger deck_search_${event}`).execute(db);
    await sql`drop table deck_search`.execute(db);
  }
  await db.schema.alterTable('decks').dropColumn('search_text').execute();
}
