// Comments written before 0014 get their safe HTML stored by the migration, as a new one would.
import { testDatabases } from '../../../../test/support/databases';
import { buildUser } from '../../../../test/support/factories';
import { newId } from '../ids';
import { findComments } from '../../comments/comment-store';
import { migrateToLatest } from '../connect';

for (const database of testDatabases()) {
  test(`migration 0014: older comments are rendered once into body_html [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0012-card-decks-by-date');
      const user = await buildUser(handle.db);
      // As 0012 left the decks table (the factory writes the columns later migrations add).
      const deckId = newId();
      await handle.db
        .insertInto('decks')
        .values({
          id: deckId,
          user_id: user.id,
          title: 'Old',
          deckcode: 'null',
          image: '/upload/000000000000000000000000.webp',
          description: '',
          created_at: '2024-01-01T00:00:00.000Z',
          updated_at: '2024-01-01T00:00:00.000Z',
        } as never)
        .execute();
      await handle.db
        .insertInto('cards')
        .values({
          code: 'MIG0013',
          name: 'Five Eyes',
          name_norm: 'five eyes',
          rarity: 'Rare',
          type: 'Normal',
          album: 'History',
          collection: 'MIG',
        })
        .execute();
      // As 0012 left the table: no HTML column. Hex ids, so the batches (by id) are walked in order.
      const bodies = ['**bold** [[Five Eyes]]', '<script>alert(1)</script>', '[[Nobody Knows]]'];
      for (const [i, body] of bodies.entries()) {
        await handle.db
          .insertInto('comments')
          .values({
            id: `c00000000000000000000${i}00`,
            deck_id: deckId,
            user_id: user.id,
            body,
            created_at: '2024-01-01T00:00:00.000Z',
            hidden_at: null,
          } as never)
          .execute();
      }
      await migrateToLatest(handle.db);
      const html = (
        await findComments(
          handle.db,
          bodies.map((_, i) => `c00000000000000000000${i}00`),
        )
      )
        .sort((a, b) => a._id.localeCompare(b._id))
        .map((c) => c.html);
      expect(html).toEqual([
        '<p><strong>bold</strong> <a href="/cards/MIG0013" class="card-mention">Five Eyes</a></p>',
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
        '<p><span class="card-mention-unknown">Nobody Knows</span></p>',
      ]);
    } finally {
      await handle.close();
    }
  });
}
