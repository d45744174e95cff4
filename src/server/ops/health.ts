// Liveness and readiness for a load balancer or an orchestrator. /healthz only says the process
// answers; /readyz asks every service this instance needs, each with a short time limit, so a
// hung dependency makes the answer a quick 503 rather than a probe that never returns.
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';

/** Each dependency's answer must come within this time (ms), well inside a probe's usual 5 s timeout. */
const CHECK_TIMEOUT_MS = 2_000;

/** `ok`, or what went wrong. */
export type CheckResult = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/** `run`'s answer, or a rejection once CHECK_TIMEOUT_MS pass without one: a hung dependency must not hang the probe. */
export async function answerInTime<T>(run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(run: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await answerInTime(run);
    return 'ok';
  } catch (error) {
    return error instanceof Error && error.message ? error.message : String(error);
  }
}

/**
 * The checks of one app: the database always, Redis and the bucket where configured, and a
 * screenshot reader with at least one live worker (in this process, or an `npm run worker` beating
 * in Redis).
 */
export function readinessChecks(app: FastifyInstance): { run(): Promise<Readiness>; close(): Promise<void> } {
  // A connection of its own: the others belong to their features and reconnect quietly, so their
  // state says little. A ping while Redis is down fails after one reconnection attempt, or by the time limit.
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: CHECK_TIMEOUT_MS })
    : null;
  redis?.on('error', () => {});
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => sql`select 1`.execute(app.db),
    ...(redis ? { redis: () => redis.ping() } : {}),
    ...(app.config.s3 ? { bucket: () => app.images.ping() } : {}),
    ocr: async () => {
      if (!app.ocr) throw new Error('the screenshot reader is not running');
      const { liveWorkers } = await app.ocr.status();
      if (liveWorkers < 1)
        throw new Error(app.config.redisUrl ? 'no npm run worker process reads the queue' : 'no OCR worker is alive');
    },
  };
  return {
    async run() {
      const names = Object.keys(checks);
      const results = await Promise.all(names.map((name) => check(checks[name])));
      const entries = names.map((name, i) => [name, results[i]] as const);
      return { ready: results.every((result) => result === 'ok'), checks: Object.fromEntries(entries) };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
