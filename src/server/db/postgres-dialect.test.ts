// Migrations and introspection on PostgreSQL see the connection's own schema only, so other
// schemas of the same database being created and dropped meanwhile (other test runs, benchmarks,
// another deployment) can neither fail them nor show up in them.
import pg from 'pg';
import { testDatabases } from '../../../test/support/databases';
import { migrateToLatest } from './connect';

const postgres = testDatabases().find((database) => database.name === 'postgres');

describe.runIf(postgres)('PostgreSQL introspection in the current schema', () => {
  test("lists only this schema's tables, and migrations succeed while other schemas come and go", async () => {
    const handle = await postgres!.open();
    const churn = new pg.Client({ connectionString: handle.databaseUrl });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    // Another process making and dropping schemas with a table in each, as fast as it can.
    const churning = (async () => {
      for (let i = 0; !stop; i++) {
        const schema = `${handle.pgSchema}_churn_${i}`;
        await churn.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id serial primary key)`);
        await churn.query(`DROP SCHEMA ${schema} CASCADE`);
        dropped++;
      }
    })();
    try {
      for (let round = 0; round < 40; round++) {
        await migrateToLatest(handle.db);
        const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([handle.pgSchema]));
        expect(tables.map((table) => table.name)).toEqual(
          expect.arrayContaining(['decks', 'users', 'kysely_migration']),
        );
      }
      const users = (await handle.db.introspection.getTables()).find((table) => table.name === 'users')!;
      expect(users.columns.find((column) => column.name === 'username')).toMatchObject({
        isNullable: false,
        dataType: 'varchar',
      });
      expect((await handle.db.introspection.getTables()).map((table) => table.name)).not.toContain('kysely_migration');
    } finally {
      stop = true;
      await churning;
      await churn.end();
      await handle.close();
    }
    expect(dropped).toBeGreaterThan(0);
  });
});
