import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { weekOf } from './0006-deck-stats';

// A deck a moderator hides leaves the statistics (card pages, the meta, similar decks) and comes
// back whole when restored. The statistics count the decks in `public_decks` (0006), so hiding is
// deleting the deck's row there and restoring is inserting it again; triggers on `hidden_at` do it,
// so every way of hiding counts, as the deck count does (0009).
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (statement: string) => sql.raw(statement).execute(db);
  if (postgres) {
    await run(
      `create function decks_visibility_stats() returns trigger language plpgsql as $$ begin
         if new.hidden_at is null then
           insert into public_decks (deck_id, week) values (new.id, ${weekOf(true, 'new.created_at')}) on conflict (deck_id) do nothing;
         else
           delete from public_decks where deck_id = new.id;
         end if;
         return null;
       end $$`,
    );
    await run(
      `create trigger decks_visibility_stats after update of hidden_at on decks for each row
       when ((old.hidden_at is null) <> (new.hidden_at is null)) execute function decks_visibility_stats()`,
    );
  } else {
    await run(
      `create trigger decks_hide_stats after update of hidden_at on decks when old.hidden_at is null and new.hidden_at is not null
       begin delete from public_decks where deck_id = new.id; end`,
    );
    await run(
      `create trigger decks_restore_stats after update of hidden_at on decks when old.hidden_at is not null and new.hidden_at is null
       begin insert or ignore into public_decks (deck_id, week) values (new.id, ${weekOf(false, 'new.created_at')}); end`,
    );
  }
  // Decks hidden before this migration leave the statistics now.
  await run(`delete from public_decks where deck_id in (select id from decks where hidden_at is not null)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (statement: string) => sql.raw(statement).execute(db);
  if (postgres) {
    await run('drop trigger decks_visibility_stats on decks');
    await run('drop function decks_visibility_stats()');
  } else {
    await run('drop trigger decks_hide_stats');
    await run('drop trigger decks_restore_stats');
  }
  await run(
    `insert into public_decks (deck_id, week) select id, ${weekOf(postgres, 'created_at')} from decks where hidden_at is not null`,
  );
}
