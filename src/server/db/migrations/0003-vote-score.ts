import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A deck's score kept by triggers on votes: a vote is then one statement (an insert or a delete),
// atomic on its own, instead of a transaction of four round trips that held the deck's row lock
// and a pooled connection across them. Under 10 voters on PostgreSQL those transactions queued on
// the row lock, and the reads queued behind them for connections. As with the deck count, every
// writer keeps the rule: score equals the number of votes, a deleted user's votes included.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update decks set score = (select count(*) from votes where votes.deck_id = decks.id)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [event, change, row] of [
      ['insert', '+', 'new'],
      ['delete', '-', 'old'],
    ] as const) {
      await sql
        .raw(
          `create function vote_score_${event}() returns trigger language plpgsql as $$
           begin update decks set score = score ${change} 1 where id = ${row}.deck_id; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger vote_score_${event} after ${event} on votes for each row execute function vote_score_${event}()`,
        )
        .execute(db);
    }
  } else {
    await sql`create trigger vote_score_insert after insert on votes begin update decks set score = score + 1 where id = new.deck_id; end`.execute(
      db,
    );
    await sql`create trigger vote_score_delete after delete on votes begin update decks set score = score - 1 where id = old.deck_id; end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of ['insert', 'delete']) {
    await sql.raw(`drop trigger vote_score_${event}${postgres ? ' on votes' : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function vote_score_${event}()`).execute(db);
  }
}
