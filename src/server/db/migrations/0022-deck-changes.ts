import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A log of the decks that changed, one row per write of a deck's row, kept by triggers: the
// in-memory search index of every server instance (decks/live-deck-index.ts) reads what changed
// since it last looked instead of reading every deck again. Every change a search can see touches
// the deck's own row: a publish inserts it, an edit sets updated_at and the set columns, a vote
// moves `score` (through the votes triggers), a moderator sets hidden_at, a deletion deletes it.
// Triggers rather than code in the writes, so every writer is logged (the import and backup
// commands run in other processes than the server).
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('deck_changes')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('deck_id', 'text', (c) => c.notNull())
    .execute();
  if (postgres) {
    // Statement triggers over the changed rows: a bulk load or a backfill of every deck logs in one
    // insert per statement, not one per row.
    for (const event of EVENTS) {
      const rows = event === 'delete' ? 'old' : 'new';
      await sql
        .raw(
          `create function deck_changes_${event}() returns trigger language plpgsql as $$ begin
            insert into deck_changes (deck_id) select id from changed_decks;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger deck_changes_${event} after ${event} on decks referencing ${rows} table as changed_decks for each statement execute function deck_changes_${event}()`,
        )
        .execute(db);
    }
    return;
  }
  for (const event of EVENTS) {
    const row = event === 'delete' ? 'old' : 'new';
    await sql
      .raw(
        `create trigger deck_changes_${event} after ${event} on decks for each row begin insert into deck_changes (deck_id) values (${row}.id); end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of EVENTS)
    await sql.raw(`drop trigger deck_changes_${event}${postgres ? ' on decks' : ''}`).execute(db);
  if (postgres) for (const event of EVENTS) await sql.raw(`drop function deck_changes_${event}()`).execute(db);
  await db.schema.dropTable('deck_changes').execute();
}
