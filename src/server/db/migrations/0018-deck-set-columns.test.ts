// Decks published before 0018 get their set columns from the filter tables, so a search's
// exclusions leave them out as they leave out new decks.
import { testDatabases } from '../../../../test/support/databases';
import { buildUser } from '../../../../test/support/factories';
import { countDecks, type DeckFilters } from '../../decks/deck-store';
import { migrateToLatest } from '../connect';

for (const database of testDatabases()) {
  test(`migration 0018: decks published before it are excluded by album, tag and card [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0016-readings');
      const userId = (await buildUser(handle.db)).id;
      // As 0016 left the tables: the deck store of today would fill the columns 0018 adds.
      const deck = async (id: string, values: { album: string; tags: string[]; card: string }) => {
        const at = '2024-05-01T10:00:00.000Z';
        await handle.db
          .insertInto('decks')
          .values({
            id,
            user_id: userId,
            title: 'Old',
            deckcode: 'ABC123',
            image: '/upload/x.webp',
            description: '',
            created_at: at,
            updated_at: at,
          } as never)
          .execute();
        await handle.db.insertInto('deck_albums').values({ deck_id: id, album: values.album }).execute();
        for (const tag of values.tags) await handle.db.insertInto('deck_tags').values({ deck_id: id, tag }).execute();
        await handle.db
          .insertInto('deck_cards')
          .values({ deck_id: id, position: 0, card_name: values.card, card_code: null, deck_created_at: at })
          .execute();
      };
      await deck('a0000000000000000000000a', { album: 'Space', tags: ['Budget', 'Outdated'], card: 'Five Eyes' });
      await deck('b0000000000000000000000b', { album: 'History', tags: [], card: 'Moon' });
      await migrateToLatest(handle.db);
      const count = (filters: object) => countDecks(handle.db, filters as DeckFilters);
      expect(await count({})).toBe(2);
      expect(await count({ excludeAlbums: ['Space'] })).toBe(1);
      expect(await count({ excludeTags: ['Outdated'] })).toBe(1);
      expect(await count({ excludeCards: ['Five Eyes'] })).toBe(1);
      expect(await count({ excludeCards: ['Five Eyes', 'Moon'] })).toBe(0);
      expect(await count({ excludeAlbums: ['Science'], excludeTags: ['Meta'], excludeCards: ['Sun'] })).toBe(2);
    } finally {
      await handle.close();
    }
  });
}
