import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A counter the database bumps whenever a card is added or removed, or its code or name changes:
// the deck reader keeps an index of the catalog's names and rebuilds it when the counter moves.
// The card count alone missed renames. Triggers rather than code in the card import, so every
// writer counts (the import command runs in another process than the server). Row triggers on
// both databases, with the update one limited to real changes, so re-importing an unchanged
// catalog leaves the counter (and the reader's index) alone.
const EVENTS = [
  ['insert', ''],
  ['delete', ''],
  ['update', 'old.name is distinct from new.name or old.code is distinct from new.code'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (n) values (1)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function catalog_version_bump() returns trigger language plpgsql as $$ begin update catalog_version set n = n + 1; return null; end $$`,
      )
      .execute(db);
    for (const [event, when] of EVENTS) {
      await sql
        .raw(
          `create trigger catalog_version_${event} after ${event} on cards for each row ${when ? `when (${when})` : ''} execute function catalog_version_bump()`,
        )
        .execute(db);
    }
  } else {
    for (const [event, when] of EVENTS) {
      // SQLite spells "is distinct from" as "is not".
      const condition = when.replaceAll('is distinct from', 'is not');
      await sql
        .raw(
          `create trigger catalog_version_${event} after ${event} on cards for each row ${condition ? `when ${condition}` : ''} begin update catalog_version set n = n + 1; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [event] of EVENTS)
    await sql.raw(`drop trigger catalog_version_${event}${postgres ? ' on cards' : ''}`).execute(db);
  if (postgres) await sql`drop function catalog_version_bump()`.execute(db);
  await db.schema.dropTable('catalog_version').execute();
}
