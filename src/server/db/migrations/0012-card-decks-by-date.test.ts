// Cards published before 0012 get their deck's date, so the card page's newest decks include them.
import { testDatabases } from '../../../../test/support/databases';
import { buildDeck, buildUser } from '../../../../test/support/factories';
import { newestDeckIdsWithCard } from '../../decks/decks-with-card';
import { migrateToLatest } from '../connect';

for (const database of testDatabases()) {
  test(`migration 0012: a card's decks are found newest first, old and new alike [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0011-card-weeks-by-week');
      const userId = (await buildUser(handle.db)).id;
      const old = async (id: string, createdAt: string) => {
        await handle.db
          .insertInto('decks')
          .values({
            id,
            user_id: userId,
            title: 'Old',
            deckcode: 'ABC123',
            image: '/upload/x.webp',
            description: '',
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
        // As 0011 left the table: no deck date beside the card.
        await handle.db
          .insertInto('deck_cards')
          .values({ deck_id: id, position: 0, card_name: 'Five Eyes', card_code: 'C1' } as never)
          .execute();
      };
      await old('a0000000000000000000000a', '2024-05-01T10:00:00.000Z');
      await old('b0000000000000000000000b', '2024-07-01T10:00:00.000Z');
      await migrateToLatest(handle.db);
      const newest = await buildDeck(handle.db, userId, { cards: [{ name: 'Five Eyes', code: 'C1' }] });

      expect(await newestDeckIdsWithCard(handle.db, 'C1', 10)).toEqual([
        newest,
        'b0000000000000000000000b',
        'a0000000000000000000000a',
      ]);
      expect(await newestDeckIdsWithCard(handle.db, 'C1', 2)).toEqual([newest, 'b0000000000000000000000b']);
    } finally {
      await handle.close();
    }
  });
}
