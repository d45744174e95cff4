// The meta: the most played cards and the most used categories, read from the statistics the
// triggers keep (migrations/0006-deck-stats.ts). The card table holds one row per card played, a
// few thousand at most, so filtering and sorting them per request costs a few milliseconds
// whatever the number of decks.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import { gameWeekOf } from '../../common/game';
import { META_TREND_WEEKS, type MetaCardsQuery } from '../../common/api/meta';

/** Collections and tags listed at most. */
const TOP_CATEGORIES = 12;

export interface MetaCardRow {
  code: string;
  name: string;
  rarity: string;
  album: string | null;
  collection: string;
  decks: number;
  scoreSum: number;
  /** Decks of each trend week holding the card, oldest first: the last is this week. */
  trend: number[];
}

export interface WeekTotals {
  /** All public decks. */
  total: number;
  /** Public decks of each trend week, oldest first; the last is this week. */
  weeks: number[];
}

/** All public decks, and those of the last META_TREND_WEEKS weeks. */
async function weekTotals(db: Db, week: number): Promise<WeekTotals> {
  const first = week - META_TREND_WEEKS + 1;
  const { rows } = await sql<{ week: number | null; decks: string | number | null }>`
    select null as week, sum(decks) as decks from week_stats
    union all select week, decks from week_stats where week between ${first} and ${week}`.execute(db);
  const weeks = Array.from({ length: META_TREND_WEEKS }, () => 0);
  let total = 0;
  for (const row of rows) {
    if (row.week === null) total = Number(row.decks ?? 0);
    else weeks[Number(row.week) - first] = Number(row.decks);
  }
  return { total, weeks };
}

/**
 * The sort key of a column. Change since last week compares shares of two weeks with different
 * deck counts: a·L − b·T orders as a/T − b/L (T, L this and last week's decks) in exact integers.
 */
function sortKey(sort: MetaCardsQuery['sort'], totals: WeekTotals): RawBuilder<unknown> {
  const thisWeek = sql`coalesce(tw.decks, 0)`;
  const lastWeek = sql`coalesce(lw.decks, 0)`;
  const [thisTotal, lastTotal] = [totals.weeks[META_TREND_WEEKS - 1], totals.weeks[META_TREND_WEEKS - 2]];
  switch (sort) {
    case 'decks':
      return sql`s.decks`;
    case 'thisWeek':
      return thisWeek;
    case 'score':
      return sql`s.score_sum * 1.0 / s.decks`;
    case 'name':
      return sql`c.name`;
    case 'change':
      if (thisTotal === 0) return sql`-${lastWeek}`;
      if (lastTotal === 0) return thisWeek;
      return sql`cast(${thisWeek} as bigint) * ${sql.lit(lastTotal)} - cast(${lastWeek} as bigint) * ${sql.lit(thisTotal)}`;
  }
}

/** The columns whose order needs this and last week's counts of every card, not only of the page's. */
const WEEKLY_SORTS = new Set<MetaCardsQuery['sort']>(['thisWeek', 'change']);

/** One page of the most played cards matching the filters, with the week totals their shares need. */
export async function findMetaCards(
  db: Db,
  query: MetaCardsQuery,
  now = new Date(),
): Promise<{ cards: MetaCardRow[]; totalCards: number; totals: WeekTotals }> {
  const week = gameWeekOf(now);
  const first = week - META_TREND_WEEKS + 1;
  const totals = await weekTotals(db, week);
  const filters = [
    sql`s.decks > 0`,
    ...(query.album ? [sql`c.album = ${query.album}`] : []),
    ...(query.collection ? [sql`c.collection = ${query.collection}`] : []),
    ...(query.rarity ? [sql`c.rarity = ${query.rarity}`] : []),
  ];
  const where = sql.join(filters, sql` and `);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  // Every card's weeks are joined only to sort by them; otherwise the page's trend rows carry them.
  const weekJoins = WEEKLY_SORTS.has(query.sort)
    ? sql`left join card_week_stats tw on tw.code = s.code and tw.week = ${week} left join card_week_stats lw on lw.code = s.code and lw.week = ${week - 1}`
    : sql``;
  // The count is a query of its own: counting in the page query (count(*) over ()) cost three times as much on SQLite.
  const [{ rows }, count] = await Promise.all([
    sql<{
      code: string;
      name: string;
      rarity: string;
      album: string | null;
      collection: string;
      decks: number | string;
      score_sum: number | string;
    }>`
      select c.code, c.name, c.rarity, c.album, c.collection, s.decks, s.score_sum
      from card_stats s join cards c on c.code = s.code ${weekJoins}
      where ${where}
      order by ${sortKey(query.sort, totals)} ${direction}, c.code ${direction}
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`.execute(db),
    sql<{
      n: number | string;
    }>`select count(*) as n from card_stats s join cards c on c.code = s.code where ${where}`.execute(db),
  ]);
  const totalCards = Number(count.rows[0].n);
  const codes = rows.map((row) => row.code);
  const trendRows =
    codes.length === 0
      ? []
      : await db
          .selectFrom('card_week_stats')
          .select(['week', 'code', 'decks'])
          .where('code', 'in', codes)
          .where('week', '>=', first)
          .where('week', '<=', week)
          .execute();
  const trends = new Map(codes.map((code) => [code, Array.from({ length: META_TREND_WEEKS }, () => 0)]));
  for (const row of trendRows) trends.get(row.code)![Number(row.week) - first] = Number(row.decks);
  return {
    cards: rows.map(({ decks, score_sum, ...card }) => ({
      ...card,
      decks: Number(decks),
      scoreSum: Number(score_sum),
      trend: trends.get(card.code)!,
    })),
    totalCards,
    totals,
  };
}

/** Every album, and the most used collections and tags, with their public decks. */
export async function findMetaCategories(db: Db) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('category_stats')
      .select(['kind', 'value', 'decks'])
      .where('decks', '>', 0)
      .orderBy('decks', 'desc')
      .orderBy('value')
      .execute(),
    db
      .selectFrom('week_stats')
      .select((eb) => eb.fn.sum<string | number | null>('decks').as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const of = (kind: string, limit: number) =>
    rows
      .filter((row) => row.kind === kind)
      .slice(0, limit)
      .map((row) => ({ value: row.value, decks: Number(row.decks) }));
  return {
    totalDecks: Number(total.n ?? 0),
    albums: of('album', Infinity),
    collections: of('collection', TOP_CATEGORIES),
    tags: of('tag', TOP_CATEGORIES),
  };
}
