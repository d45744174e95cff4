// Decks published before the text search existed are found by it once the migration has run, and
// the migration can be undone and run again.
import { testDatabases } from '../../../../test/support/databases';
import { migrateToLatest } from '../connect';
import { searchDecks } from '../../decks/deck-store';

for (const database of testDatabases()) {
  test(`migration 0017 indexes the decks already published [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0016-readings');
      const created_at = '2024-05-01T10:00:00.000Z';
      await handle.db
        .insertInto('users')
        .values({
          id: 'a0000000000000000000000a',
          username: 'Renée',
          username_lower: 'renée',
          email: null,
          password_hash: null,
          created_at,
          email_verified_at: null,
        })
        .execute();
      // Inserted through queries without the new column: the tables are as 0016 left them.
      const deck = (id: string, title: string, deckcode: string) => ({
        id,
        user_id: 'a0000000000000000000000a',
        title,
        deckcode,
        image: '/upload/x.webp',
        description: '',
        created_at,
        updated_at: created_at,
        hidden_at: null,
      });
      await handle.db
        .insertInto('decks')
        .values([
          deck('d0000000000000000000000d', 'Façade Builders', 'QW12ER'),
          deck('e0000000000000000000000e', 'Other', 'null'),
        ])
        .execute();
      const found = async (text: string) =>
        (await searchDecks(handle.db, { text }, { page: 1, limit: 10 })).decks.map((d) => d._id).sort();
      for (let round = 0; round < 2; round++) {
        await migrateToLatest(handle.db);
        expect(await found('facade')).toEqual(['d0000000000000000000000d']);
        expect(await found('qw12er')).toEqual(['d0000000000000000000000d']);
        expect(await found('renee')).toEqual(['d0000000000000000000000d', 'e0000000000000000000000e']);
        // Undone, and run again on the next round.
        await migrateToLatest(handle.db, '0016-readings');
      }
    } finally {
      await handle.close();
    }
  });
}
