// A fingerprint of every row of every table, to prove that a refused request changed nothing.
import crypto from 'node:crypto';
import type { Db } from '../../src/server/db/connect';

export async function tableNames(db: Db): Promise<string[]> {
  // On PostgreSQL the introspector lists the connection's own schema only (db/postgres-dialect.ts).
  const tables = await db.introspection.getTables({ withInternalKyselyTables: false });
  return tables.map((t) => t.name).sort();
}

/** Table name → row count and a hash of the rows (order-independent). */
export async function dbChecksum(db: Db, tables: string[]): Promise<Record<string, string>> {
  const sums = await Promise.all(
    tables.map(async (table) => {
      const rows = await db
        .selectFrom(table as never)
        .selectAll()
        .execute();
      const lines = rows
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
        )
        .sort();
      return [
        table,
        `${rows.length}:${crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`,
      ] as const;
    }),
  );
  return Object.fromEntries(sums);
}
