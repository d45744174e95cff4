// Runs a suite on every database the project supports: SQLite always, PostgreSQL when
// TEST_POSTGRES_URL is set (each run in a schema of its own, dropped afterwards, so runs never
// collide). With REQUIRE_POSTGRES=1 (CI) a missing PostgreSQL fails instead of being left out
// (outside-programs.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDb, type DbHandle } from '../../src/server/db/connect';
import { testPostgresUrl } from './outside-programs';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  open(): Promise<
    DbHandle & { dataDir: string; databaseUrl?: string; pgSchema?: string; childEnv: Record<string, string> }
  >;
}

async function openSqlite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-test-'));
  // The server's own file name, so a child process given DATA_DIR opens this database.
  const handle = openDb({ sqliteFile: path.join(dataDir, 'deckhub.sqlite') });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    dataDir,
    childEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(url: string) {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-test-'));
  const handle = openDb({ databaseUrl: url, pgSchema: schema });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    dataDir,
    databaseUrl: url,
    pgSchema: schema,
    childEnv: { DATA_DIR: dataDir, DATABASE_URL: urlWithSchema(url, schema) },
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The URL a child process (the server, a worker) opens this run's schema with. */
function urlWithSchema(url: string, schema: string): string {
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'sqlite', open: openSqlite }];
  const url = testPostgresUrl();
  if (url) list.push({ name: 'postgres', open: () => openPostgres(url) });
  return list;
}
