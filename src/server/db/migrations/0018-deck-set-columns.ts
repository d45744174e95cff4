import { sql, type Kysely } from 'kysely';
import { isPostgres, refreshDeckSetColumns } from '../deck-set-columns';

// A search's exclusions read set columns on the deck's own row (db/deck-set-columns.ts): the
// anti-joins with the filter tables they replace took 300 ms and more at 100,000 decks (issue #37).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('decks')
    .addColumn('album_bits', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('decks')
    .addColumn('tag_bits_a', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('decks')
    .addColumn('tag_bits_b', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await db.schema
      .createTable('card_numbers')
      .addColumn('name', 'varchar(120)', (col) => col.primaryKey())
      .addColumn('number', 'serial', (col) => col.notNull().unique())
      .execute();
    await db.schema
      .alterTable('decks')
      .addColumn('card_ids', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
      .execute();
    // Answers "decks with all these cards" (`@>`) and "with any of them" (`&&`) by card number.
    await sql`create index decks_card_ids on decks using gin (card_ids)`.execute(db);
  }
  await refreshDeckSetColumns(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('decks').dropColumn('card_ids').execute();
    await db.schema.dropTable('card_numbers').execute();
  }
  for (const column of ['album_bits', 'tag_bits_a', 'tag_bits_b']) {
    await db.schema.alterTable('decks').dropColumn(column).execute();
  }
}
