// A production-like server to load: the built web app and the API with demo data, on SQLite or on
// PostgreSQL in a schema of its own (dropped afterwards), on a loopback port. Its screenshots are
// read in its own process (no Redis, as `npm start`), or by an `npm run worker` child process
// through the job queue in Redis, as when instances are split (a queue of its own, removed after).
import crypto from 'node:crypto';
import pg from 'pg';
import { Queue } from 'bullmq';
import { startTestServer, type TestServer } from '../../e2e/support/server';
import { startChildWorker, type ChildWorker } from '../../test/support/child-worker';
import type { Config } from '../../src/server/config';

/** Where the target's screenshots are read. */
export type OcrPlacement = 'in-process' | 'worker-process';

export interface LoadTarget {
  server: TestServer;
  /** The OCR worker process, when the reads go through the queue. */
  worker?: ChildWorker;
  close(): Promise<void>;
}

export interface LoadTargetOptions {
  postgresUrl?: string;
  ocr?: OcrPlacement;
  redisUrl?: string;
}

// A few simulated users post comments like a crowd: their budgets would otherwise turn most posts into 429s.
const LOAD_LIMITS = { limits: { commentsPerAccount: 1_000_000, commentsPerIp: 1_000_000 } };

async function adminQuery(postgresUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The server with the OCR placement asked for; `cleanUp` runs after it is closed, or when it fails to start. */
async function startWithOcr(
  config: Partial<Config>,
  options: LoadTargetOptions,
  cleanUp: () => Promise<void>,
): Promise<LoadTarget> {
  if (options.ocr !== 'worker-process') {
    const server = await startTestServer({ ...LOAD_LIMITS, ...config }).catch(async (error: unknown) => {
      await cleanUp();
      throw error;
    });
    return { server, close: () => server.close().then(cleanUp) };
  }
  const redisUrl = options.redisUrl;
  if (!redisUrl) throw new Error('the OCR worker process needs Redis (TEST_REDIS_URL or --redis-url)');
  const ocrQueue = `deckhub-ocr-load-${crypto.randomBytes(5).toString('hex')}`;
  const dropQueue = async () => {
    const queue = new Queue(ocrQueue, { connection: { url: redisUrl } });
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  };
  let server: TestServer | undefined;
  try {
    server = await startTestServer({ ...LOAD_LIMITS, ...config, redisUrl, ocrQueue });
    const worker = await startChildWorker({
      REDIS_URL: redisUrl,
      OCR_QUEUE: ocrQueue,
      DATA_DIR: server.server.app.config.dataDir,
      DATABASE_URL: config.databaseUrl ?? '',
    });
    const started = server;
    return {
      server: started,
      worker,
      async close() {
        worker.child.kill('SIGTERM');
        await worker.exited;
        await started.close();
        await dropQueue();
        await cleanUp();
      },
    };
  } catch (error) {
    await server?.close();
    await dropQueue();
    await cleanUp();
    throw error;
  }
}

export async function startLoadTarget(
  database: 'sqlite' | 'postgres',
  options: LoadTargetOptions = {},
): Promise<LoadTarget> {
  if (database === 'sqlite') return startWithOcr({}, options, async () => {});
  const { postgresUrl } = options;
  if (!postgresUrl) throw new Error('PostgreSQL needs a URL (TEST_POSTGRES_URL or --pg-url)');
  const schema = `load_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(postgresUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return startWithOcr({ databaseUrl: url.toString() }, options, () =>
    adminQuery(postgresUrl, `DROP SCHEMA ${schema} CASCADE`),
  );
}
