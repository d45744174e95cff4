// The deck count counts the decks people see: recounted when the migration runs, kept by the
// triggers through hiding, restoring, inserting and deleting, and back to every deck when undone.
import { testDatabases } from '../../../../test/support/databases';
import { buildDeck } from '../../../../test/support/factories';
import { newId } from '../ids';
import { migrateToLatest, type Db } from '../connect';

/** A deck as the tables were at 0005 (the factory writes the columns later migrations add). */
async function oldDeck(db: Db, userId: string): Promise<string> {
  const id = newId();
  const at = '2024-05-02T10:00:00.000Z';
  await db
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
    })
    .execute();
  return id;
}

const count = async (db: Db) => Number((await db.selectFrom('deck_count').select('n').executeTakeFirstOrThrow()).n);
const hide = (db: Db, ids: string[], hiddenAt: string | null) =>
  db.updateTable('decks').set({ hidden_at: hiddenAt }).where('id', 'in', ids).execute();

for (const database of testDatabases()) {
  test(`migrations 0008-0009: the deck count leaves hidden decks out [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0005-email-verification');
      const userId = 'a0000000000000000000000a';
      // Inserted without the columns 0008 adds: the tables are as 0005 left them.
      await handle.db
        .insertInto('users')
        .values({
          id: userId,
          username: 'old',
          username_lower: 'old',
          email: null,
          password_hash: null,
          created_at: '2024-05-01T10:00:00.000Z',
        })
        .execute();
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await oldDeck(handle.db, userId));
      await migrateToLatest(handle.db);
      expect(await count(handle.db)).toBe(4);

      await hide(handle.db, ids.slice(0, 2), '2030-01-01T00:00:00.000Z');
      expect(await count(handle.db)).toBe(2);
      // Hiding a hidden deck again, or editing it, counts nothing twice.
      await hide(handle.db, ids.slice(0, 1), '2030-01-02T00:00:00.000Z');
      await handle.db.updateTable('decks').set({ title: 'renamed' }).where('id', 'in', ids).execute();
      expect(await count(handle.db)).toBe(2);
      // Deleting a hidden deck leaves the count; deleting a visible one takes one off.
      await handle.db.deleteFrom('decks').where('id', '=', ids[0]).execute();
      expect(await count(handle.db)).toBe(2);
      await handle.db.deleteFrom('decks').where('id', '=', ids[3]).execute();
      expect(await count(handle.db)).toBe(1);
      await hide(handle.db, [ids[1]], null);
      expect(await count(handle.db)).toBe(2);
      await buildDeck(handle.db, userId);
      expect(await count(handle.db)).toBe(3);

      await hide(handle.db, [ids[1]], '2030-01-03T00:00:00.000Z');
      await migrateToLatest(handle.db, '0005-email-verification');
      // Undone: every deck counts again, and the old triggers keep it.
      expect(await count(handle.db)).toBe(3);
      await oldDeck(handle.db, userId);
      expect(await count(handle.db)).toBe(4);
    } finally {
      await handle.close();
    }
  });
}
