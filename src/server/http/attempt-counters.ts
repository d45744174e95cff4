// Counters of attempts per key (an account, an IP, a reset token) in fixed windows, in memory or in
// Redis. Counting and checking are one atomic step: of many concurrent requests for the last free
// attempt exactly one gets it, however the requests interleave.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface Reservation {
  /** Whether the attempt was counted (false: the window's budget was already spent). */
  allowed: boolean;
  /** Time until the key's window ends. */
  retryAfterMs: number;
}

export interface AttemptCounters {
  /**
   * Counts one attempt against `key`, unless `max` are already counted in its current window. With
   * `isInFlight` the key counts work in progress rather than attempts: each counted one moves the
   * window's end to `windowMs` from now, so the key outlives every piece of work it counts (each is
   * given back when done) and drops to nothing only if a process died before giving its back.
   */
  reserve(key: string, max: number, windowMs: number, isInFlight?: boolean): Promise<Reservation>;
  /** Gives one counted attempt back (the attempt turned out fine). */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters of one process. JavaScript runs one callback at a time, so check-and-count is atomic here. */
export function memoryCounters(now: () => number = Date.now): AttemptCounters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAbove = 1_000;
  // Expired windows are dropped in bulk once the map has doubled, so memory stays bounded by the
  // keys active in one window without a timer.
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    sweepAbove = Math.max(1_000, windows.size * 2);
  };
  return {
    async reserve(key, max, windowMs, isInFlight = false) {
      const at = now();
      if (windows.size > sweepAbove) sweep(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      if (window.count >= max) return { allowed: false, retryAfterMs: window.resetAt - at };
      window.count++;
      if (isInFlight) window.resetAt = at + windowMs;
      return { allowed: true, retryAfterMs: window.resetAt - at };
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count--;
    },
    async close() {
      windows.clear();
    },
  };
}

// One script per operation: Redis runs a script without interleaving any other command, so the read,
// the comparison and the increment cannot be split by a concurrent request on another instance.
const RESERVE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
redis.call('INCR', KEYS[1])
if ARGV[3] == '1' or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, redis.call('PTTL', KEYS[1])}`;
// DECR keeps the key's expiry; a missing or spent key is left alone (DECR would create one without expiry).
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const PREFIX = 'deckhub-attempts:';

/** Connection states in which a command would wait for a reconnection that may never come. */
const UNREACHABLE = new Set(['reconnecting', 'close', 'end']);

/**
 * Counters shared by every instance through Redis. While Redis cannot be reached, `fallback` (this
 * process's counters) keeps counting, so an outage weakens the limits to per-instance ones instead
 * of switching them off, locking everyone out, or making each request wait for Redis.
 */
export function redisCounters(redis: Redis, fallback: AttemptCounters, log: FastifyBaseLogger): AttemptCounters {
  const onError = (err: unknown) => log.warn({ err }, 'Redis unreachable: attempts counted in this process only');
  return {
    async reserve(key, max, windowMs, isInFlight = false) {
      if (UNREACHABLE.has(redis.status)) return fallback.reserve(key, max, windowMs, isInFlight);
      try {
        const [allowed, ttl] = (await redis.eval(RESERVE, 1, PREFIX + key, max, windowMs, isInFlight ? 1 : 0)) as [
          number,
          number,
        ];
        return { allowed: allowed === 1, retryAfterMs: ttl > 0 ? ttl : windowMs };
      } catch (err) {
        onError(err);
        return fallback.reserve(key, max, windowMs, isInFlight);
      }
    },
    async release(key) {
      if (UNREACHABLE.has(redis.status)) return fallback.release(key);
      try {
        await redis.eval(RELEASE, 1, PREFIX + key);
      } catch (err) {
        onError(err);
        await fallback.release(key);
      }
    },
    async close() {
      await fallback.close();
    },
  };
}

/**
 * A Redis connection with short retries, whose outages are logged once each (ioredis would print
 * every failed reconnection as an unhandled error event).
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2_000 });
  let down = false;
  redis.on('error', (err: unknown) => {
    if (!down) log.warn({ err }, 'Redis connection lost; retrying');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}
