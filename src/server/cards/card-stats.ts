// A card's page: the catalog card with how much the public decks play it, read from the statistics
// the triggers keep (migrations/0006-deck-stats.ts), never by counting decks per request.
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { gameWeekOf, startOfGameWeekNumber } from '../../common/game';
import type { DecksPage } from '../../common/api/decks';
import { newestDeckIdsWithCard, topDeckIdsWithCard } from '../decks/decks-with-card';
import { loadDecks } from '../decks/deck-store';
import { toCardPage, type CardNumbers } from './card-presenter';
import type { CardPage } from '../../common/api/cards';

/**
 * The card's newest decks that its "played with" counts are taken over: the current meta, in about
 * a millisecond (grouping the cards of all of a popular card's 20k decks would take seconds).
 */
export const PLAYED_WITH_SAMPLE = 100;
/** Cards listed as played with it. */
const PLAYED_WITH_CARDS = 10;

/** How many public decks hold the card, and how many there are, overall and in this and last week. */
async function cardNumbers(db: Db, code: string, week: number): Promise<CardNumbers> {
  const { rows } = await sql<Record<keyof CardNumbers, string | number | null>>`
    select
      (select decks from card_stats where code = ${code}) as decks,
      (select sum(decks) from week_stats) as "totalDecks",
      (select decks from card_week_stats where week = ${week} and code = ${code}) as "thisWeekDecks",
      (select decks from week_stats where week = ${week}) as "thisWeekTotal",
      (select decks from card_week_stats where week = ${week - 1} and code = ${code}) as "lastWeekDecks",
      (select decks from week_stats where week = ${week - 1}) as "lastWeekTotal"`.execute(db);
  const row = rows[0];
  const number = (key: keyof CardNumbers) => Number(row[key] ?? 0);
  return {
    decks: number('decks'),
    totalDecks: number('totalDecks'),
    thisWeekDecks: number('thisWeekDecks'),
    thisWeekTotal: number('thisWeekTotal'),
    lastWeekDecks: number('lastWeekDecks'),
    lastWeekTotal: number('lastWeekTotal'),
  };
}

/** The card's page, or undefined when the catalog has no such card. */
export async function findCardPage(db: Db, code: string, now = new Date()): Promise<CardPage | undefined> {
  const week = gameWeekOf(now);
  const [card, numbers] = await Promise.all([
    db
      .selectFrom('cards')
      .select(['code', 'name', 'rarity', 'type', 'album', 'collection'])
      .where('code', '=', code)
      .executeTakeFirst(),
    cardNumbers(db, code, week),
  ]);
  if (!card) return undefined;
  const sample = numbers.decks > 0 ? await newestDeckIdsWithCard(db, code, PLAYED_WITH_SAMPLE) : [];
  // Counted by code, then named (joining the catalog before grouping costs a lookup per card of
  // every deck), in one query: on PostgreSQL each query is a round trip.
  const playedWith =
    sample.length === 0
      ? []
      : (
          await sql<{ code: string; name: string; decks: number | string }>`
            select g.code, c.name, g.decks from (
              select card_code as code, count(*) as decks from deck_cards
              where deck_id in (${sql.join(sample)}) and card_code <> ${code}
              group by card_code order by decks desc, card_code limit ${PLAYED_WITH_CARDS}
            ) g join cards c on c.code = g.code
            order by g.decks desc, g.code`.execute(db)
        ).rows;
  return toCardPage(card, numbers, startOfGameWeekNumber(week), {
    sampleDecks: sample.length,
    cards: playedWith.map((row) => ({ code: row.code, name: row.name, decks: Number(row.decks) })),
  });
}

/** One page of the public decks holding the card, highest score first; undefined for an unknown card. */
export async function findCardDecks(
  db: Db,
  code: string,
  page: { page: number; limit: number },
  live?: Parameters<typeof topDeckIdsWithCard>[2],
): Promise<DecksPage | undefined> {
  const { rows } = await sql<{ known: number; decks: string | number | null; total: string | number | null }>`
    select (select count(*) from cards where code = ${code}) as known,
      (select decks from card_stats where code = ${code}) as decks,
      (select sum(decks) from week_stats) as total`.execute(db);
  if (Number(rows[0].known) === 0) return undefined;
  const cardDecks = Number(rows[0].decks ?? 0);
  const ids = await topDeckIdsWithCard(
    db,
    {
      code,
      offset: (page.page - 1) * page.limit,
      limit: page.limit,
      cardDecks,
      totalDecks: Number(rows[0].total ?? 0),
    },
    live,
  );
  return { decks: await loadDecks(db, ids), totalDecks: cardDecks };
}
