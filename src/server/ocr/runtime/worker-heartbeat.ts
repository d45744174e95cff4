/**
 * Whether any `npm run worker` process reads the queue, as the web side asks it before admitting an
 * upload (queued-reader.ts). Without it an upload on a site where no worker was started would wait
 * its whole deadline and end "took too long", with nothing telling the operator why.
 *
 * Each worker process refreshes a key of its own under the queue's name every HEARTBEAT_INTERVAL_MS,
 * with a time to live of HEARTBEAT_TTL_MS: a worker that stops (even by SIGKILL) is gone for Redis
 * once its key runs out, three missed beats later. The ids of the workers are kept in a set beside
 * them, so the web side finds the keys without scanning the keyspace (and without CLIENT LIST, which
 * managed Redis services often forbid). Expiry is Redis's own clock: the clocks of the machines
 * running web instances and workers need not agree.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Redis } from 'ioredis';

/** How often a worker says it is alive (ms); renewed by its event loop, like its jobs' locks. */
export const HEARTBEAT_INTERVAL_MS = 2_000;
/** A worker whose key was not refreshed for this long is taken for gone (ms): three missed beats. */
export const HEARTBEAT_TTL_MS = 6_000;

/** The set of the ids of workers that have beaten lately (some may have stopped since). */
export const workersKey = (queueName: string) => `${queueName}:workers`;
/** One worker's heartbeat: present while the worker lives. */
export const workerKey = (queueName: string, workerId: string) => `${queueName}:worker:${workerId}`;

/**
 * KEYS[1] the workers' set; ARGV[1] the prefix of their keys. The number of workers whose key is
 * still there; the ids of the others are dropped from the set. Keys built in the script rather
 * than passed: the set says which there are.
 */
const LIVE_WORKERS_SCRIPT = `
local alive = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. id) == 1 then alive = alive + 1 else redis.call('SREM', KEYS[1], id) end
end
return alive`;

/** How many worker processes read the queue now. */
export async function countLiveWorkers(redis: Redis, queueName: string): Promise<number> {
  return Number(await redis.eval(LIVE_WORKERS_SCRIPT, 1, workersKey(queueName), workerKey(queueName, '')));
}

export interface WorkerHeartbeat {
  readonly workerId: string;
  /** Stops beating and removes the key at once: a worker stopping on purpose is gone without waiting for the TTL. */
  stop(): Promise<void>;
}

/**
 * Starts beating for one worker process; resolves once the first beat is in Redis, so a worker
 * that says it is ready is seen by the web side. Later beats that fail (Redis down) are not
 * logged here: the queue's own connection reports the outage.
 */
export async function startWorkerHeartbeat(redis: Redis, queueName: string): Promise<WorkerHeartbeat> {
  const workerId = randomUUID();
  const key = workerKey(queueName, workerId);
  // What an operator looking at Redis wants to know about the worker.
  const about = JSON.stringify({ host: os.hostname(), pid: process.pid, since: new Date().toISOString() });
  const beat = () =>
    redis
      .multi()
      .set(key, about, 'PX', HEARTBEAT_TTL_MS)
      .sadd(workersKey(queueName), workerId)
      // The set goes with the last worker, as the keys do.
      .pexpire(workersKey(queueName), HEARTBEAT_TTL_MS)
      .exec();
  await beat();
  const timer = setInterval(() => void beat().catch(() => {}), HEARTBEAT_INTERVAL_MS);
  // The worker's own connections keep its process alive, not this.
  timer.unref();
  return {
    workerId,
    async stop() {
      clearInterval(timer);
      await redis
        .multi()
        .del(key)
        .srem(workersKey(queueName), workerId)
        .exec()
        .catch(() => {});
    },
  };
}
