// Each deck's albums, tags and (on PostgreSQL) cards kept also as set columns on `decks`, so that a
// search's exclusions are a test on the deck's own row instead of an anti-join with the filter
// tables (issue #37): the join tables stay the truth, these columns are copies refreshed from them
// by `refreshDeckSetColumns`, in the same transaction as every write that changes them.
//
// Albums and tags are bits: bit n is the album's or tag's index in src/common/taxonomy.ts, so
// those lists only ever grow at their end (a reordering would need this backfill again). Tags
// take two words of 48 bits (80 tags), a size JavaScript numbers carry exactly on both drivers.
// Cards are an int[] of card numbers (`card_numbers`, one per name ever used in a deck) with a GIN
// index, PostgreSQL only: integers, not names (a text[] of names made 200 exclusions 6 s).
import { PostgresAdapter, sql, type QueryExecutorProvider } from 'kysely';
import { ALBUMS, TAGS } from '../../common/taxonomy';

/** Bits per word of a bit set column. */
const WORD_BITS = 48;

const albumBit = new Map<string, number>(ALBUMS.map((album, i) => [album.name, i]));
const tagBit = new Map<string, number>(TAGS.map((tag, i) => [tag.name, i]));

/** The masks of a list of albums and tags, per column; names the game does not know have no bit. */
export function categoryMasks(values: { albums?: string[]; tags?: string[] }) {
  const masks = { album_bits: 0, tag_bits_a: 0, tag_bits_b: 0 };
  for (const album of values.albums ?? []) {
    const bit = albumBit.get(album);
    if (bit !== undefined) masks.album_bits |= 2 ** bit;
  }
  for (const tag of new Set(values.tags ?? [])) {
    const bit = tagBit.get(tag);
    if (bit === undefined) continue;
    // Sums, not `|`: JavaScript's bitwise operators work on 32 bits; the set has no duplicates.
    if (bit < WORD_BITS) masks.tag_bits_a += 2 ** bit;
    else masks.tag_bits_b += 2 ** (bit - WORD_BITS);
  }
  return masks;
}

/** The (name, bit) rows of one word, for the SQL that sums a deck's bits (a UNION: SQLite names no VALUES columns). */
function bitRows(names: string[], word: number) {
  return sql.join(
    names.flatMap((name, i) =>
      Math.floor(i / WORD_BITS) === word
        ? [sql`select ${sql.lit(name)} as name, ${sql.lit(2 ** (i % WORD_BITS))} as bit`]
        : [],
    ),
    sql` union all `,
  );
}

/** The sum of a deck's bits in one word: a correlated subquery over its rows of a filter table. */
function bitSum(table: 'deck_albums' | 'deck_tags', column: string, names: string[], word: number) {
  return sql`coalesce((select cast(sum(b.bit) as bigint) from ${sql.table(table)} f join (${bitRows(names, word)}) b on b.name = ${sql.ref(`f.${column}`)} where f.deck_id = decks.id), 0)`;
}

export const isPostgres = (db: QueryExecutorProvider) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Sets the set columns of one deck (or of every deck, for the migration and the bench's fill) from
 * its rows in deck_albums, deck_tags and deck_cards.
 */
export async function refreshDeckSetColumns(db: QueryExecutorProvider, deckId?: string): Promise<void> {
  const which = deckId === undefined ? sql`` : sql`where id = ${deckId}`;
  const albums = ALBUMS.map((a) => a.name);
  const tags = TAGS.map((t) => t.name);
  const postgres = isPostgres(db);
  if (postgres) {
    const ofDeck = deckId === undefined ? sql`` : sql`where deck_id = ${deckId}`;
    await sql`insert into card_numbers (name) select distinct card_name from deck_cards ${ofDeck} order by 1 on conflict do nothing`.execute(
      db,
    );
  }
  // One UPDATE for every column: each UPDATE of PostgreSQL writes a new version of the whole row.
  const cardIds = sql`, card_ids = coalesce((select array_agg(n.number order by n.number) from deck_cards c join card_numbers n on n.name = c.card_name where c.deck_id = decks.id), '{}')`;
  await sql`update decks set
      album_bits = ${bitSum('deck_albums', 'album', albums, 0)},
      tag_bits_a = ${bitSum('deck_tags', 'tag', tags, 0)},
      tag_bits_b = ${bitSum('deck_tags', 'tag', tags, 1)}
      ${postgres ? cardIds : sql``}
    ${which}`.execute(db);
}
