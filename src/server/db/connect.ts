import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, Migrator, PostgresAdapter, SqliteDialect, sql, type Migration } from 'kysely';
import type { Database } from './schema';
import { CurrentSchemaPostgresDialect } from './postgres-dialect';
import { sqliteReadDb } from './sqlite-reads';
import { openSqlite } from './sqlite-driver';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-deck-count';
import * as m0003 from './migrations/0003-vote-score';
import * as m0004 from './migrations/0004-catalog-version';
import * as m0005 from './migrations/0005-email-verification';
import * as m0006 from './migrations/0006-deck-stats';
import * as m0008 from './migrations/0008-moderation';
import * as m0009 from './migrations/0009-visible-deck-count';
import * as m0010 from './migrations/0010-hidden-decks-leave-stats';
import * as m0011 from './migrations/0011-card-weeks-by-week';
import * as m0012 from './migrations/0012-card-decks-by-date';
import * as m0013 from './migrations/0013-provider-links';
import * as m0014 from './migrations/0014-comment-html';
import * as m0015 from './migrations/0015-deck-versions';
import * as m0016 from './migrations/0016-readings';
import * as m0017 from './migrations/0017-deck-text-search';
import * as m0018 from './migrations/0018-deck-set-columns';
import * as m0019 from './migrations/0019-card-proposals';
import * as m0020 from './migrations/0020-deck-code-index';
import * as m0021 from './migrations/0021-deck-description-html';
import * as m0022 from './migrations/0022-deck-changes';

/** Migrations in order; each runs once, recorded by Kysely in its own table. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-deck-count': m0002,
  '0003-vote-score': m0003,
  '0004-catalog-version': m0004,
  '0005-email-verification': m0005,
  '0006-deck-stats': m0006,
  '0008-moderation': m0008,
  '0009-visible-deck-count': m0009,
  '0010-hidden-decks-leave-stats': m0010,
  '0011-card-weeks-by-week': m0011,
  '0012-card-decks-by-date': m0012,
  '0013-provider-links': m0013,
  '0014-comment-html': m0014,
  '0015-deck-versions': m0015,
  '0016-readings': m0016,
  '0017-deck-text-search': m0017,
  '0018-deck-set-columns': m0018,
  '0019-card-proposals': m0019,
  '0020-deck-code-index': m0020,
  '0021-deck-description-html': m0021,
  '0022-deck-changes': m0022,
};

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** PostgreSQL connection string; SQLite otherwise. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL pool size and how long a query waits for a free connection (tests make both small to exhaust the pool). */
  pool?: { max?: number; connectTimeoutMs?: number };
}

/** PostgreSQL's connection pool right now (for /metrics). */
export interface PoolUse {
  /** Connections open: idle or running a query. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or the database too slow. */
  waiting: number;
}

export interface DbHandle {
  db: Db;
  dialect: DbDialect;
  /** The pool's use; absent on SQLite, which has one connection in the process and no pool. */
  poolUse?(): PoolUse;
  /**
   * Where searches read: on a SQLite file, threads of their own (sqlite-reads.ts), so that a
   * search scanning many decks never holds the event loop; otherwise `db` itself.
   */
  searchDb: Db;
  close(): Promise<void>;
}

export function openDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pool?.max ?? 10,
      // Fail fast while the database is down instead of hanging requests.
      connectionTimeoutMillis: options.pool?.connectTimeoutMs ?? 5_000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client losing its connection (a database restart) must not crash the process.
    pool.on('error', () => {});
    // A client in use when the server goes away (restart, failover) emits 'error' too, and the pool
    // listens only to idle ones: without this the process dies of an uncaught exception. The query
    // that was running still fails (and is answered 503), and the pool discards the broken client.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      searchDb: db,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  sqlite.exec('pragma journal_mode = WAL');
  sqlite.exec('pragma synchronous = NORMAL');
  sqlite.exec('pragma foreign_keys = ON');
  sqlite.exec('pragma busy_timeout = 5000');
  // 64 MB of page cache: the search indexes of a large site stay in memory.
  sqlite.exec('pragma cache_size = -64000');
  // Keeps the planner's statistics fresh enough to start joins from the most selective value.
  sqlite.exec('pragma optimize = 0x10002');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // An in-memory database exists in this connection only: its searches stay on this thread.
  const searchDb = file === ':memory:' ? db : sqliteReadDb(file);
  return {
    db,
    dialect: 'sqlite',
    searchDb,
    close: async () => {
      if (searchDb !== db) await searchDb.destroy();
      await db.destroy();
    },
  };
}

/** Runs the migrations up (or down) to `target`, the latest by default. */
export async function migrateToLatest(db: Db, target?: string): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one: a test or bench
  // schema elsewhere in the same PostgreSQL database would make it skip creating its own.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
