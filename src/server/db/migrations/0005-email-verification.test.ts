// Accounts that existed before addresses had to be verified: provider-made ones (no password)
// count as verified, password ones do not until their owner proves the address.
import { testDatabases } from '../../../../test/support/databases';
import { migrateToLatest } from '../connect';

for (const database of testDatabases()) {
  test(`migration 0005 marks only password-less accounts verified [${database.name}]`, async () => {
    const handle = await database.open();
    try {
      await migrateToLatest(handle.db, '0004-catalog-version');
      const created_at = '2024-05-01T10:00:00.000Z';
      const row = (id: string, password_hash: string | null, email: string | null) => ({
        id,
        username: id,
        username_lower: id,
        email,
        password_hash,
        created_at,
      });
      // Inserted through a query without the new column: the table is as 0004 left it.
      await handle.db
        .insertInto('users')
        .values([
          row('a0000000000000000000000a', '$argon2id$hash', 'pw@example.test'),
          row('b0000000000000000000000b', null, 'provider@example.test'),
          row('c0000000000000000000000c', null, null),
        ])
        .execute();
      await migrateToLatest(handle.db);
      const users = await handle.db.selectFrom('users').select(['id', 'email_verified_at']).orderBy('id').execute();
      expect(users).toEqual([
        { id: 'a0000000000000000000000a', email_verified_at: null },
        { id: 'b0000000000000000000000b', email_verified_at: created_at },
        { id: 'c0000000000000000000000c', email_verified_at: null },
      ]);
    } finally {
      await handle.close();
    }
  });
}
