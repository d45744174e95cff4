import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The number of decks in a one-row table, kept by triggers, so the unfiltered search (the home
// page and the gallery) does not count every deck per request: on 100k decks count(*) is a
// ~10-20 ms scan on PostgreSQL. Triggers rather than code in the deck store, so that every insert
// and delete counts, whoever makes it (a cascade from a deleted user, a bulk load). TRUNCATE fires
// no delete trigger; nothing in the app truncates decks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deck_count')
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into deck_count (n) select count(*) from decks`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Once per statement with its rows as a table: a bulk insert updates the row once, not per deck.
    for (const [event, change, rows] of [
      ['insert', '+', 'new'],
      ['delete', '-', 'old'],
    ] as const) {
      await sql
        .raw(
          `create function deck_count_${event}() returns trigger language plpgsql as $$
           begin update deck_count set n = n ${change} (select count(*) from changed_decks); return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger deck_count_${event} after ${event} on decks referencing ${rows} table as changed_decks for each statement execute function deck_count_${event}()`,
        )
        .execute(db);
    }
  } else {
    await sql`create trigger deck_count_insert after insert on decks begin update deck_count set n = n + 1; end`.execute(
      db,
    );
    await sql`create trigger deck_count_delete after delete on decks begin update deck_count set n = n - 1; end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of ['insert', 'delete']) {
    await sql.raw(`drop trigger deck_count_${event}${postgres ? ' on decks' : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function deck_count_${event}()`).execute(db);
  }
  await db.schema.dropTable('deck_count').execute();
}
