// Accounts that existed before provider links were recorded: provider-made ones (no password) stay
// linked; password ones, verified or not, are asked for their password at their next provider sign-in.
import { testDatabases } from '../../../../test/support/databases';
import { migrateToLatest } from '../connect';

for (const database of testDatabases()) {
  test(`migration 0013 links only password-less accounts [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0012-card-decks-by-date');
      const created_at = '2024-05-01T10:00:00.000Z';
      const row = (
        id: string,
        password_hash: string | null,
        email: string | null,
        email_verified_at: string | null,
      ) => ({
        id,
        username: id,
        username_lower: id,
        email,
        password_hash,
        created_at,
        email_verified_at,
      });
      // Inserted through a query without the new column: the table is as 0012 left it.
      await handle.db
        .insertInto('users')
        .values([
          row('a0000000000000000000000a', '$argon2id$hash', 'pw@example.test', created_at),
          row('b0000000000000000000000b', null, 'provider@example.test', created_at),
          row('c0000000000000000000000c', '$argon2id$hash', 'unverified@example.test', null),
        ])
        .execute();
      await migrateToLatest(handle.db);
      const users = await handle.db.selectFrom('users').select(['id', 'provider_linked_at']).orderBy('id').execute();
      expect(users).toEqual([
        { id: 'a0000000000000000000000a', provider_linked_at: null },
        { id: 'b0000000000000000000000b', provider_linked_at: created_at },
        { id: 'c0000000000000000000000c', provider_linked_at: null },
      ]);
    } finally {
      await handle.close();
    }
  });
}
