import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/connect';
import { testDatabases, type TestDatabase } from './databases';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dbName: TestDatabase['name'];
  /** DATA_DIR and DATABASE_URL for a child process (a server, an OCR worker) on the same database. */
  childEnv: Record<string, string>;
}

/** What a suite may change about the app it tests. */
export interface TestAppSetup {
  config?: Partial<Config>;
  accounts?: AppDeps['accounts'];
}

/**
 * Declares `describe` blocks that run once per supported database, each with a fresh, migrated
 * database and an app built on it (no demo data). `ctx` is filled in beforeAll. `setup` may be a
 * function, for settings known only once other servers (OIDC provider, SMTP) are listening.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: TestContext) => void,
  setup: TestAppSetup | (() => TestAppSetup | Promise<TestAppSetup>) = {},
): void {
  for (const database of testDatabases()) {
    describe(`${title} [${database.name}]`, () => {
      const ctx = { dbName: database.name } as TestContext;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const { config: overrides, accounts } = typeof setup === 'function' ? await setup() : setup;
        const handle = await database.open();
        const config = { ...loadConfig({}), dataDir: handle.dataDir, seedDemo: false, ...overrides };
        ctx.app = await buildApp({
          config,
          db: handle.db,
          dialect: handle.dialect,
          searchDb: handle.searchDb,
          accounts,
        });
        ctx.db = handle.db;
        ctx.config = config;
        ctx.childEnv = handle.childEnv;
        close = async () => {
          await ctx.app.close();
          await handle.close();
        };
      });
      afterAll(async () => {
        await close?.();
      });
      body(ctx);
    });
  }
}

/** The parsed JSON answer of an inject call. */
export function json<T = unknown>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}
