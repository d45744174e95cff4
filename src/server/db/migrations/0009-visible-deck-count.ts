import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The deck count (migrations/0002-deck-count.ts) counts the decks people see: a deck a moderator
// hid leaves the count, and comes back when restored. Same triggers, with the hidden ones left out,
// and one more for a change of `hidden_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropCountTriggers(db, postgres);
  await sql`update deck_count set n = (select count(*) from decks where hidden_at is null)`.execute(db);
  if (postgres) {
    for (const [event, change, rows] of [
      ['insert', '+', 'new'],
      ['delete', '-', 'old'],
    ] as const) {
      await sql
        .raw(
          `create function deck_count_${event}() returns trigger language plpgsql as $$
           begin update deck_count set n = n ${change} (select count(*) from changed_decks where hidden_at is null); return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger deck_count_${event} after ${event} on decks referencing ${rows} table as changed_decks for each statement execute function deck_count_${event}()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create function deck_count_update() returns trigger language plpgsql as $$
         begin update deck_count set n = n + (select count(*) from new_decks where hidden_at is null) - (select count(*) from old_decks where hidden_at is null); return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger deck_count_update after update on decks referencing old table as old_decks new table as new_decks for each statement execute function deck_count_update()`,
      )
      .execute(db);
  } else {
    await sql`create trigger deck_count_insert after insert on decks when new.hidden_at is null begin update deck_count set n = n + 1; end`.execute(
      db,
    );
    await sql`create trigger deck_count_delete after delete on decks when old.hidden_at is null begin update deck_count set n = n - 1; end`.execute(
      db,
    );
    await sql`create trigger deck_count_update after update of hidden_at on decks when (old.hidden_at is null) <> (new.hidden_at is null)
      begin update deck_count set n = n + (case when new.hidden_at is null then 1 else -1 end); end`.execute(db);
  }
}

async function dropCountTriggers(db: Kysely<unknown>, postgres: boolean, events = ['insert', 'delete']) {
  for (const event of events) {
    await sql.raw(`drop trigger deck_count_${event}${postgres ? ' on decks' : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function deck_count_${event}()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropCountTriggers(db, postgres, ['insert', 'delete', 'update']);
  await sql`update deck_count set n = (select count(*) from decks)`.execute(db);
  if (postgres) {
    for (const [event, change, rows] of [
      ['insert', '+', 'new'],
      ['delete', '-', 'old'],
    ] as const) {
      await sql
        .raw(
          `create function deck_count_${event}() returns trigger language plpgsql as $$ begin update deck_count set n = n ${change} (select count(*) from changed_decks); return null; end $$`,
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
