import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/connect';
import { testDatabases, type TestDatabase } from './databases';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dbName: TestDatabase['name'];
}

/**
 * Declares `describe` blocks that run once per supported database, each with a fresh, migrated
 * database and an app built on it (no demo data). `ctx` is filled in beforeAll.
 */
export function describeEachDatabase(title: string, body: (ctx: TestContext) => void, configOverrides: Partial<Config> = {}): void {
  for (const database of testDatabases()) {
    describe(`${title} [${database.name}]`, () => {
      const ctx = { dbName: database.name } as TestContext;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const handle = await database.open();
        const config = { ...loadConfig({}), dataDir: handle.dataDir, seedDemo: false, ...configOverrides };
        ctx.app = await buildApp({ config, db: handle.db, dialect: handle.dialect });
        ctx.db = handle.db;
        ctx.config = config;
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
