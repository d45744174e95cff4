// A fingerprint of every row of every table, to prove that a refused request changed nothing.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';

export async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: false });
  // PostgreSQL lists every schema's tables, those of other test runs on the server included: only ours count.
  const ours = tables.some((t) => t.schema) ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  return tables.filter((t) => !ours || t.schema === ours).map((t) => t.name).sort();
}

/** Table name → row count and a hash of the rows (order-independent). */
export async function dbChecksum(db: Db, tables: string[]): Promise<Record<string, string>> {
  const sums = await Promise.all(
    tables.map(async (table) => {
      const rows = await db.selectFrom(table as never).selectAll().execute();
      const lines = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).sort();
      return [table, `${rows.length}:${crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`] as const;
    }),
  );
  return Object.fromEntries(sums);
}
