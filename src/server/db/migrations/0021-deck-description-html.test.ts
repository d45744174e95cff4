// Decks written before 0021 get their description's safe HTML stored by the migration, as a new one would.
import { testDatabases } from '../../../../test/support/databases';
import { buildCatalog, buildUser } from '../../../../test/support/factories';
import { newId } from '../ids';
import { findDeck } from '../../decks/deck-store';
import { migrateToLatest } from '../connect';

for (const database of testDatabases()) {
  test(`migration 0021: older deck descriptions are rendered once into description_html [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0016-readings');
      const user = await buildUser(handle.db);
      await buildCatalog(handle.db, [{ name: 'Five Eyes', code: 'MIG0021' }]);
      const descriptions = ['**bold** [[Five Eyes]]', '<script>alert(1)</script>', ''];
      const ids = descriptions.map(() => newId());
      for (const [i, description] of descriptions.entries()) {
        // As 0016 left the table: no HTML column.
        await handle.db
          .insertInto('decks')
          .values({
            id: ids[i],
            user_id: user.id,
            title: `Old ${i}`,
            deckcode: 'null',
            image: '/upload/000000000000000000000000.webp',
            description,
            created_at: '2024-01-01T00:00:00.000Z',
            updated_at: '2024-01-01T00:00:00.000Z',
          } as never)
          .execute();
      }
      await migrateToLatest(handle.db);
      const html = await Promise.all(ids.map(async (id) => (await findDeck(handle.db, id))?.descriptionHtml));
      expect(html).toEqual([
        '<p><strong>bold</strong> <a href="/cards/MIG0021" class="card-mention">Five Eyes</a></p>',
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
        '',
      ]);
    } finally {
      await handle.close();
    }
  });
}
