import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The statistics behind the card pages, the meta and similar decks, kept by triggers so that a
// request reads a few summary rows instead of scanning 100k decks (on 100k decks a group-by over
// deck_cards takes seconds). Triggers, like the deck count and the vote score, so every writer
// counts: the publish and delete routes, a cascade from a deleted user, a bulk load.
//
// `public_decks` is the set the statistics count, one row per deck with its game week. A deck
// enters it when it is inserted and leaves it when it is deleted; its cards, categories, week and
// score count exactly while its row is there. Taking a deck out of the public set without
// deleting it (hiding it) is deleting its row; putting it back is inserting it again: the triggers
// on public_decks add or subtract everything the deck holds at that moment.
//
// Every statement adds a signed delta with an upsert ordered by the key, so that concurrent writers
// on PostgreSQL lock the summary rows in one order and cannot deadlock. On PostgreSQL the triggers
// run once per statement over its transition table, so a bulk load aggregates once per statement.

/** Seconds from the Unix epoch to GAME_WEEK_EPOCH (Monday 3 January 2000, 11:00 UTC; src/common/game.ts). */
const WEEK_EPOCH_SECONDS = 946_897_200;
const WEEK_SECONDS = 7 * 24 * 3600;

/** The game week (gameWeekOf in src/common/game.ts) of an ISO-8601 time, in integer arithmetic on both databases. */
export function weekOf(postgres: boolean, isoTime: string): string {
  return postgres
    ? `floor((extract(epoch from (${isoTime})::timestamptz) - ${WEEK_EPOCH_SECONDS}) / ${WEEK_SECONDS})::integer`
    : `((cast(strftime('%s', ${isoTime}) as integer) - ${WEEK_EPOCH_SECONDS}) / ${WEEK_SECONDS})`;
}

const CATEGORY_TABLES = [
  ['deck_albums', 'album', 'album'],
  ['deck_collections', 'collection', 'collection'],
  ['deck_tags', 'tag', 'tag'],
] as const;

type Sign = '+' | '-';

/** Adds (or subtracts) whole decks, `source` giving their (deck_id, week): their week, cards and categories. */
function countDecks(source: string, sign: Sign): string[] {
  return [
    `insert into week_stats (week, decks) select s.week, ${sign}count(*) from ${source} s where true group by s.week order by s.week
     on conflict (week) do update set decks = week_stats.decks + excluded.decks`,
    `insert into card_stats (code, decks, score_sum)
     select dc.card_code, ${sign}count(*), ${sign}sum(d.score) from ${source} s join deck_cards dc on dc.deck_id = s.deck_id join decks d on d.id = s.deck_id
     where dc.card_code is not null group by dc.card_code order by dc.card_code
     on conflict (code) do update set decks = card_stats.decks + excluded.decks, score_sum = card_stats.score_sum + excluded.score_sum`,
    `insert into card_week_stats (week, code, decks)
     select s.week, dc.card_code, ${sign}count(*) from ${source} s join deck_cards dc on dc.deck_id = s.deck_id
     where dc.card_code is not null group by dc.card_code, s.week order by dc.card_code, s.week
     on conflict (code, week) do update set decks = card_week_stats.decks + excluded.decks`,
    ...CATEGORY_TABLES.map(
      ([table, column, kind]) =>
        `insert into category_stats (kind, value, decks)
         select '${kind}', c.${column}, ${sign}count(*) from ${source} s join ${table} c on c.deck_id = s.deck_id
         where true group by c.${column} order by c.${column}
         on conflict (kind, value) do update set decks = category_stats.decks + excluded.decks`,
    ),
  ];
}

/** Adds (or subtracts) cards, `source` giving their (deck_id, card_code), of the decks in the public set. */
function countCards(source: string, sign: Sign): string[] {
  return [
    `insert into card_stats (code, decks, score_sum)
     select s.card_code, ${sign}count(*), ${sign}sum(d.score) from ${source} s join public_decks p on p.deck_id = s.deck_id join decks d on d.id = s.deck_id
     where s.card_code is not null group by s.card_code order by s.card_code
     on conflict (code) do update set decks = card_stats.decks + excluded.decks, score_sum = card_stats.score_sum + excluded.score_sum`,
    `insert into card_week_stats (week, code, decks)
     select p.week, s.card_code, ${sign}count(*) from ${source} s join public_decks p on p.deck_id = s.deck_id
     where s.card_code is not null group by s.card_code, p.week order by s.card_code, p.week
     on conflict (code, week) do update set decks = card_week_stats.decks + excluded.decks`,
  ];
}

/** Adds (or subtracts) category values, `source` giving their (deck_id, value), of the decks in the public set. */
function countCategory(kind: string, source: string, sign: Sign): string[] {
  return [
    `insert into category_stats (kind, value, decks)
     select '${kind}', s.value, ${sign}count(*) from ${source} s join public_decks p on p.deck_id = s.deck_id
     where true group by s.value order by s.value
     on conflict (kind, value) do update set decks = category_stats.decks + excluded.decks`,
  ];
}

/** A vote changed a deck's score: its cards' score sums follow, while the deck is in the public set. */
const SCORE_CHANGE = `insert into card_stats (code, decks, score_sum)
  select dc.card_code, 0, new.score - old.score from deck_cards dc join public_decks p on p.deck_id = dc.deck_id
  where dc.deck_id = new.id and dc.card_code is not null order by dc.card_code
  on conflict (code) do update set score_sum = card_stats.score_sum + excluded.score_sum`;

interface TriggerSpec {
  name: string;
  table: string;
  event: 'insert' | 'delete';
  /** The statements, given the rows the trigger saw as a source of the named columns. */
  body: (source: (columns: Record<string, string>) => string) => string[];
}

/** The triggers that keep the statistics, written once for both databases. */
const TRIGGERS: TriggerSpec[] = [
  {
    name: 'public_decks_enter',
    table: 'public_decks',
    event: 'insert',
    body: (rows) => countDecks(rows({ deck_id: 'deck_id', week: 'week' }), '+'),
  },
  {
    name: 'public_decks_leave',
    table: 'public_decks',
    event: 'delete',
    body: (rows) => countDecks(rows({ deck_id: 'deck_id', week: 'week' }), '-'),
  },
  {
    name: 'deck_cards_stats_insert',
    table: 'deck_cards',
    event: 'insert',
    body: (rows) => countCards(rows({ deck_id: 'deck_id', card_code: 'card_code' }), '+'),
  },
  {
    name: 'deck_cards_stats_delete',
    table: 'deck_cards',
    event: 'delete',
    body: (rows) => countCards(rows({ deck_id: 'deck_id', card_code: 'card_code' }), '-'),
  },
  ...CATEGORY_TABLES.flatMap(([table, column, kind]) =>
    (['insert', 'delete'] as const).map((event) => ({
      name: `${table}_stats_${event}`,
      table,
      event,
      body: (rows: (columns: Record<string, string>) => string) =>
        countCategory(kind, rows({ deck_id: 'deck_id', value: column }), event === 'insert' ? '+' : '-'),
    })),
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (statement: string) => sql.raw(statement).execute(db);

  await db.schema
    .createTable('public_decks')
    .addColumn('deck_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('week', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('week_stats')
    .addColumn('week', 'integer', (c) => c.primaryKey())
    .addColumn('decks', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('card_stats')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('decks', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('card_week_stats')
    .addColumn('week', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('decks', 'integer', (c) => c.notNull())
    // By card first: a card's weeks (the card page, the meta's trend lines) are one short range.
    .addPrimaryKeyConstraint('card_week_stats_pk', ['code', 'week'])
    .execute();
  await db.schema
    .createTable('category_stats')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('decks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_stats_pk', ['kind', 'value'])
    .execute();
  // The decks of a card (card pages, similar decks), by the exact card published.
  await db.schema.createIndex('deck_cards_code').on('deck_cards').columns(['card_code', 'deck_id']).execute();

  if (postgres) {
    for (const trigger of TRIGGERS) {
      const body = trigger.body(
        (columns) =>
          `(select ${Object.entries(columns)
            .map(([as, column]) => `${column} as ${as}`)
            .join(', ')} from changed_rows)`,
      );
      await run(
        `create function ${trigger.name}() returns trigger language plpgsql as $$ begin ${body.join('; ')}; return null; end $$`,
      );
      await run(
        `create trigger ${trigger.name} after ${trigger.event} on ${trigger.table} referencing ${trigger.event === 'insert' ? 'new' : 'old'} table as changed_rows for each statement execute function ${trigger.name}()`,
      );
    }
    await run(
      `create function decks_enter_public() returns trigger language plpgsql as $$ begin insert into public_decks (deck_id, week) select id, ${weekOf(true, 'created_at')} from changed_rows; return null; end $$`,
    );
    await run(
      `create trigger decks_enter_public after insert on decks referencing new table as changed_rows for each statement execute function decks_enter_public()`,
    );
    // Before the row goes, while its cards and categories are still there to be subtracted.
    await run(
      `create function decks_leave_public() returns trigger language plpgsql as $$ begin delete from public_decks where deck_id = old.id; return old; end $$`,
    );
    await run(
      `create trigger decks_leave_public before delete on decks for each row execute function decks_leave_public()`,
    );
    await run(
      `create function decks_score_stats() returns trigger language plpgsql as $$ begin ${SCORE_CHANGE}; return null; end $$`,
    );
    await run(
      `create trigger decks_score_stats after update of score on decks for each row when (old.score is distinct from new.score) execute function decks_score_stats()`,
    );
  } else {
    for (const trigger of TRIGGERS) {
      const row = trigger.event === 'insert' ? 'new' : 'old';
      const body = trigger.body(
        (columns) =>
          `(select ${Object.entries(columns)
            .map(([as, column]) => `${row}.${column} as ${as}`)
            .join(', ')})`,
      );
      await run(
        `create trigger ${trigger.name} after ${trigger.event} on ${trigger.table} for each row begin ${body.join('; ')}; end`,
      );
    }
    await run(
      `create trigger decks_enter_public after insert on decks begin insert into public_decks (deck_id, week) values (new.id, ${weekOf(false, 'new.created_at')}); end`,
    );
    await run(
      `create trigger decks_leave_public before delete on decks begin delete from public_decks where deck_id = old.id; end`,
    );
    await run(
      `create trigger decks_score_stats after update of score on decks when old.score is not new.score begin ${SCORE_CHANGE}; end`,
    );
  }

  // Decks published before card codes were kept name their cards only: each gets the lowest code
  // of its name, the card the name has always stood for (the card lookup's rule).
  await run(
    `update deck_cards set card_code = (select min(code) from cards where cards.name = deck_cards.card_name) where card_code is null`,
  );
  // Every existing deck enters the public set, which counts it everywhere.
  await run(`insert into public_decks (deck_id, week) select id, ${weekOf(postgres, 'created_at')} from decks`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = [
    ...TRIGGERS,
    { name: 'decks_enter_public', table: 'decks' },
    { name: 'decks_leave_public', table: 'decks' },
    { name: 'decks_score_stats', table: 'decks' },
  ];
  for (const { name, table } of triggers) {
    await sql.raw(`drop trigger ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.dropIndex('deck_cards_code').execute();
  for (const table of ['category_stats', 'card_week_stats', 'card_stats', 'week_stats', 'public_decks'])
    await db.schema.dropTable(table).execute();
}
