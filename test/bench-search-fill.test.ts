// The bench's fill (bench/search-fill.ts) writes each deck's set columns and search_text itself,
// around the deck store: they must be what the app's own backfill gives from the filter tables, or
// the bench would time searches over answers the app never gives.
import path from 'node:path';
import { sql } from 'kysely';
import { fillPostgres, fillSqlite } from '../bench/search-fill';
import { refreshDeckSetColumns } from '../src/server/db/deck-set-columns';
import { testDatabases } from './support/databases';

const DECKS = 2000;
// A fill of 2000 decks takes 25 s on a busy machine: more than the default timeout.

for (const database of testDatabases()) {
  test(`the bench's fill of ${DECKS} decks writes the set columns the app's backfill writes [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      const now = Date.parse('2026-06-01T00:00:00.000Z');
      // PostgreSQL's fill drops each table's indexes before its COPY and builds them after: all come back.
      const indexes = async () =>
        database.name === 'postgres'
          ? (
              await sql<{
                definition: string;
              }>`select indexdef as definition from pg_indexes where schemaname = ${handle.pgSchema!} order by 1`.execute(
                handle.db,
              )
            ).rows.map((row) => row.definition)
          : [];
      const indexesBefore = await indexes();
      const ids =
        database.name === 'postgres'
          ? await fillPostgres(handle.databaseUrl!, handle.pgSchema!, DECKS, now, handle.dataDir)
          : fillSqlite(path.join(handle.dataDir, 'deckhub.sqlite'), DECKS, now);
      expect(new Set(ids).size).toBe(DECKS);
      expect(await indexes()).toEqual(indexesBefore);
      const count = async (table: string) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0].n);
      expect(await count('decks')).toBe(DECKS);
      expect(await count('deck_cards')).toBe(DECKS * 18);
      // The statistics triggers ran over the loaded rows (on PostgreSQL, once for each COPY).
      expect(await count('public_decks')).toBe(DECKS);
      const cardIds = database.name === 'postgres' ? sql`, card_ids` : sql``;
      const setColumns = async () =>
        (
          await sql`select id, album_bits, tag_bits_a, tag_bits_b, search_text ${cardIds} from decks order by id`.execute(
            handle.db,
          )
        ).rows;
      const filled = await setColumns();
      // A fill that left a column at its default would pass the comparison with an empty deck: no deck is.
      expect(filled.filter((deck) => (deck as { album_bits: number }).album_bits === 0)).toEqual([]);
      await refreshDeckSetColumns(handle.db);
      expect(await setColumns()).toEqual(filled);
    } finally {
      await handle.close();
    }
  }, 180_000);
}
