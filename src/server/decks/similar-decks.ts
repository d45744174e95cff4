// Decks sharing most of their cards with a given list (a published deck's, or the one under review
// before publishing): "at least 12 of 18". Comparing the list with every deck would read all of
// deck_cards; instead the rarest cards of the list pick the candidates. A deck sharing at least
// MIN_SHARED_CARDS of n cards lacks at most n − MIN_SHARED_CARDS of them, so among the list's
// n − MIN_SHARED_CARDS + RAREST_HITS rarest cards it holds at least RAREST_HITS. Rare cards are in
// few decks, so the candidates come from a few short index ranges, and only they are counted in full.
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { hasDeckCode } from '../../common/deck-text';
import type { LiveDeckIndex } from './live-deck-index';

/** Cards a deck must share with the list to count as similar. */
export const MIN_SHARED_CARDS = 12;
/** Rare cards a candidate must hold: more reads more index ranges, fewer lets more candidates through. */
const RAREST_HITS = 3;
/** Similar decks answered at most. */
export const MAX_SIMILAR_DECKS = 12;

export interface DeckCardRef {
  code: string;
  name: string;
}

export interface SimilarDeckRow {
  id: string;
  title: string;
  username: string;
  score: number;
  shared: number;
  /** The cards of the list compared that this deck lacks, in the list's order. */
  onlyInThis: DeckCardRef[];
  /** This deck's cards missing from the list compared, in this deck's order. */
  onlyInOther: DeckCardRef[];
}

/**
 * The public decks sharing at least MIN_SHARED_CARDS of the card codes, most shared first, then
 * highest score; `exceptDeckId` (the deck itself) left out. From the search index once this
 * process has read it (`live`: one count over each code's decks), else from the database.
 */
export async function findSimilarDecks(
  db: Db,
  cardCodes: string[],
  exceptDeckId?: string,
  live?: LiveDeckIndex,
): Promise<SimilarDeckRow[]> {
  const codes = [...new Set(cardCodes.filter((code) => code !== ''))];
  if (codes.length < MIN_SHARED_CARDS) return [];
  const index = await live?.current();
  const rows = index
    ? await similarRows(
        db,
        index.similar(codes, { min: MIN_SHARED_CARDS, limit: MAX_SIMILAR_DECKS, except: exceptDeckId }),
      )
    : await similarRowsFromSql(db, codes, exceptDeckId);
  if (rows.length === 0) return [];
  // The differences: at most 12 decks of 18 cards, read by the deck_cards primary key.
  const [theirCards, names] = await Promise.all([
    db
      .selectFrom('deck_cards')
      .select(['deck_id', 'card_code', 'card_name'])
      .where(
        'deck_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('card_code', 'is not', null)
      .orderBy('deck_id')
      .orderBy('position')
      .execute(),
    db.selectFrom('cards').select(['code', 'name']).where('code', 'in', codes).execute(),
  ]);
  const nameOf = new Map(names.map((card) => [card.code, card.name]));
  const wanted = new Set(codes);
  return rows.map((row) => {
    const theirs = theirCards.filter((card) => card.deck_id === row.id);
    const theirCodes = new Set(theirs.map((card) => card.card_code));
    return {
      id: row.id,
      title: row.title,
      username: row.username,
      score: Number(row.score),
      shared: Number(row.shared),
      onlyInThis: codes
        .filter((code) => !theirCodes.has(code))
        .map((code) => ({ code, name: nameOf.get(code) ?? code })),
      onlyInOther: theirs
        .filter((card) => !wanted.has(card.card_code!))
        .map((card) => ({ code: card.card_code!, name: card.card_name })),
    };
  });
}

type SimilarRow = { id: string; title: string; username: string; score: number | string; shared: number | string };

/** The decks the index found, in its order, with what the answer shows of each. */
async function similarRows(db: Db, found: { id: string; shared: number }[]): Promise<SimilarRow[]> {
  if (found.length === 0) return [];
  const decks = await db
    .selectFrom('decks as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.title', 'u.username', 'd.score'])
    .where(
      'd.id',
      'in',
      found.map((deck) => deck.id),
    )
    .execute();
  const byId = new Map(decks.map((deck) => [deck.id, deck]));
  // A deck deleted since the index read the log is left out.
  return found.flatMap(({ id, shared }) => {
    const deck = byId.get(id);
    return deck ? [{ ...deck, shared }] : [];
  });
}

/**
 * The same from the database: the rarest cards of the list pick the candidates (see the top of
 * this file), then each candidate's own cards are counted.
 */
async function similarRowsFromSql(db: Db, codes: string[], exceptDeckId?: string): Promise<SimilarRow[]> {
  const counts = await db.selectFrom('card_stats').select(['code', 'decks']).where('code', 'in', codes).execute();
  const decksOf = new Map(counts.map((row) => [row.code, Number(row.decks)]));
  const rarest = [...codes]
    .sort((a, b) => (decksOf.get(a) ?? 0) - (decksOf.get(b) ?? 0))
    .slice(0, codes.length - MIN_SHARED_CARDS + RAREST_HITS);
  // The candidates are read first (materialised; SQLite keeps the CROSS JOIN's order), then each
  // candidate's own cards are counted through the deck_cards primary key.
  const { rows } = await sql<SimilarRow>`
    with candidates as materialized (
      select deck_id from deck_cards where card_code in (${sql.join(rarest)}) group by deck_id having count(*) >= ${RAREST_HITS}
    ), shared as materialized (
      select c.deck_id, count(*) as shared from candidates c cross join deck_cards dc
      where dc.deck_id = c.deck_id and dc.card_code in (${sql.join(codes)})
      group by c.deck_id having count(*) >= ${MIN_SHARED_CARDS}
    )
    select d.id, d.title, u.username, d.score, s.shared from shared s
      cross join decks d cross join public_decks p cross join users u
    where d.id = s.deck_id and p.deck_id = d.id and u.id = d.user_id and d.id <> ${exceptDeckId ?? ''}
    order by s.shared desc, d.score desc, d.created_at desc, d.id desc
    limit ${MAX_SIMILAR_DECKS}`.execute(db);
  return rows;
}

/** Decks answered with the same deck code at most. */
const MAX_SAME_CODE_DECKS = 3;

/**
 * The public decks published with this deck code, newest first (through the deckcode index,
 * migrations/0020); none for an empty code or the old client's 'null'.
 */
export async function findDecksWithCode(
  db: Db,
  deckcode: string,
): Promise<{ id: string; title: string; username: string }[]> {
  if (!hasDeckCode(deckcode)) return [];
  return db
    .selectFrom('decks as d')
    .innerJoin('public_decks as p', 'p.deck_id', 'd.id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.title', 'u.username'])
    .where('d.deckcode', '=', deckcode)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(MAX_SAME_CODE_DECKS)
    .execute();
}

/** The card codes of a deck, or undefined when there is no such deck. */
export async function deckCardCodes(db: Db, deckId: string): Promise<string[] | undefined> {
  const [deck, cards] = await Promise.all([
    db.selectFrom('decks').select('id').where('id', '=', deckId).executeTakeFirst(),
    db
      .selectFrom('deck_cards')
      .select('card_code')
      .where('deck_id', '=', deckId)
      .where('card_code', 'is not', null)
      .orderBy('position')
      .execute(),
  ]);
  return deck && cards.map((row) => row.card_code!);
}
