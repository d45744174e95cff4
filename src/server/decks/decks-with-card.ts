// The public decks that hold one card: the card page's top decks, a page at a time, and its newest
// decks, the sample its "played with" counts are taken from.
//
// Once the search index is read, it answers the top decks (one walk of the decks by score, as a
// search does). Until then, and without it:
// By score, a popular card is in a quarter of all decks and a rare one in a handful, and no single
// plan is fast for both on 100k decks: walking the score index and keeping the decks that hold the
// card finds a page of a popular card after a few dozen probes but probes every deck for a rare
// one, while reading the card's decks and sorting them is the other way round. The card's deck
// count (card_stats) says which costs less. By date no such choice is needed: deck_cards keeps the
// deck's date beside the card (migration 0012), so the newest are one backward index range.
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/connect';
import type { LiveDeckIndex } from './live-deck-index';

const BY_SCORE = sql`order by d.score desc, d.created_at desc, d.id desc`;

export interface CardDecksQuery {
  code: string;
  offset: number;
  limit: number;
  /** Public decks that hold the card, and all public decks (card_stats, week_stats). */
  cardDecks: number;
  totalDecks: number;
}

/**
 * The ids of one page of the public decks holding the card, highest score first: from the search
 * index once this process has read it (`live`, decks/live-deck-index.ts), else from the database.
 */
export async function topDeckIdsWithCard(db: Db, query: CardDecksQuery, live?: LiveDeckIndex): Promise<string[]> {
  const { code, offset, limit, cardDecks, totalDecks } = query;
  const index = await live?.current();
  if (index) return index.search({ cardCode: code, sortBy: 'score' }, { since: null, offset, limit }).ids;
  if (cardDecks <= 0 || offset >= cardDecks) return [];
  // Decks the index walk probes before it has the page, against the decks the other plan sorts.
  const walked = ((offset + limit) * totalDecks) / cardDecks;
  const rows = walked < cardDecks ? await walkOrder(db, query) : await sortCardDecks(db, query);
  return rows.map((row) => row.id);
}

/** Walks the decks in the score index, keeping those that hold the card. */
async function walkOrder(db: Db, { code, offset, limit }: CardDecksQuery) {
  const { rows } = await sql<{ id: string }>`
    select d.id from decks d
    where exists (select 1 from deck_cards dc where dc.card_code = ${code} and dc.deck_id = d.id)
      and exists (select 1 from public_decks p where p.deck_id = d.id)
    ${BY_SCORE} limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * Reads the card's decks from its index and sorts them. The card's rows come first as a
 * materialised set (PostgreSQL) or the left side of a CROSS JOIN (which SQLite never reorders), so
 * neither planner turns this back into the walk.
 */
async function sortCardDecks(db: Db, { code, offset, limit }: CardDecksQuery) {
  const { rows } = await sql<{ id: string }>`
    with held as ${db.getExecutor().adapter instanceof PostgresAdapter ? sql`materialized` : sql``} (select deck_id from deck_cards where card_code = ${code})
    select d.id from held h cross join decks d cross join public_decks p
    where d.id = h.deck_id and p.deck_id = d.id
    ${BY_SCORE} limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/** The ids of the card's newest public decks, at most `limit`. */
export async function newestDeckIdsWithCard(db: Db, code: string, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select dc.deck_id as id from deck_cards dc
    where dc.card_code = ${code} and exists (select 1 from public_decks p where p.deck_id = dc.deck_id)
    order by dc.deck_created_at desc, dc.deck_id desc limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}
