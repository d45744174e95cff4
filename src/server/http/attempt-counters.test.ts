import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { testRedisUrl } from '../../../test/support/outside-programs';
import { connectRedis, memoryCounters, redisCounters, type AttemptCounters } from './attempt-counters';

const REDIS_URL = testRedisUrl();

// A logger that drops everything: these tests look at counts, not at log lines.
const silent = { warn() {} } as unknown as FastifyBaseLogger;

describe('memory counters', () => {
  test('a window ends after its time; a release never goes below zero', async () => {
    let now = 1_000;
    const counters = memoryCounters(() => now);
    expect(await counters.reserve('k', 2, 100)).toEqual({ allowed: true, retryAfterMs: 100 });
    expect((await counters.reserve('k', 2, 100)).allowed).toBe(true);
    now += 40;
    expect(await counters.reserve('k', 2, 100)).toEqual({ allowed: false, retryAfterMs: 60 });
    await counters.release('k');
    expect((await counters.reserve('k', 2, 100)).allowed).toBe(true);
    now += 60;
    expect((await counters.reserve('k', 2, 100)).allowed).toBe(true);
    for (let i = 0; i < 5; i++) await counters.release('k');
    expect((await counters.reserve('k', 2, 100)).allowed).toBe(true);
    expect((await counters.reserve('k', 2, 100)).allowed).toBe(true);
    expect((await counters.reserve('k', 2, 100)).allowed).toBe(false);
  });
});

describe('counts of work in flight', () => {
  test('each reservation moves the window end, so a count never lapses while work it counts may still run', async () => {
    let now = 1_000;
    const counters = memoryCounters(() => now);
    expect((await counters.reserve('f', 2, 100, true)).allowed).toBe(true);
    now += 90;
    await counters.release('f');
    expect(await counters.reserve('f', 2, 100, true)).toEqual({ allowed: true, retryAfterMs: 100 });
    now += 20;
    // A fixed window would have ended at 1100 and let a third in while two are running.
    expect(await counters.reserve('f', 2, 100, true)).toEqual({ allowed: true, retryAfterMs: 100 });
    expect(await counters.reserve('f', 2, 100, true)).toEqual({ allowed: false, retryAfterMs: 100 });
    // A count left by work that never gave it back lapses once nothing was reserved for the window.
    now += 100;
    expect((await counters.reserve('f', 2, 100, true)).allowed).toBe(true);
  });
});

describe.runIf(REDIS_URL)('Redis counters', () => {
  let counters: AttemptCounters;
  let redis: ReturnType<typeof connectRedis>;
  beforeAll(() => {
    redis = connectRedis(REDIS_URL!, silent);
    counters = redisCounters(redis, memoryCounters(), silent);
  });
  afterAll(async () => {
    await redis.quit();
  });
  const freshKey = () => `test:${crypto.randomBytes(6).toString('hex')}`;

  test('the window expires in Redis; a release keeps it, and never goes below zero', async () => {
    const key = freshKey();
    expect((await counters.reserve(key, 2, 10_000)).allowed).toBe(true);
    const ttl = await redis.pttl(`deckhub-attempts:${key}`);
    expect(ttl).toBeGreaterThan(9_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
    for (let i = 0; i < 3; i++) await counters.release(key);
    expect(await redis.get(`deckhub-attempts:${key}`)).toBe('0');
    expect(await redis.pttl(`deckhub-attempts:${key}`)).toBeGreaterThan(0);
    // A release of a key nobody reserved creates nothing (DECR would leave a key without expiry).
    const other = freshKey();
    await counters.release(other);
    expect(await redis.exists(`deckhub-attempts:${other}`)).toBe(0);
  });

  test('a count of work in flight: each reservation renews the expiry; a fixed window keeps its own', async () => {
    const inFlight = freshKey();
    expect((await counters.reserve(inFlight, 2, 10_000, true)).allowed).toBe(true);
    await redis.pexpire(`deckhub-attempts:${inFlight}`, 1_000);
    expect((await counters.reserve(inFlight, 2, 10_000, true)).allowed).toBe(true);
    expect(await redis.pttl(`deckhub-attempts:${inFlight}`)).toBeGreaterThan(9_000);
    const fixed = freshKey();
    expect((await counters.reserve(fixed, 2, 10_000)).allowed).toBe(true);
    await redis.pexpire(`deckhub-attempts:${fixed}`, 1_000);
    expect((await counters.reserve(fixed, 2, 10_000)).allowed).toBe(true);
    expect(await redis.pttl(`deckhub-attempts:${fixed}`)).toBeLessThanOrEqual(1_000);
  });

  test('500 concurrent reservations on one key: exactly the budget is allowed', async () => {
    const key = freshKey();
    const results = await Promise.all(Array.from({ length: 500 }, () => counters.reserve(key, 7, 10_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });

  test('while Redis cannot be reached, this process keeps counting', async () => {
    const dead = connectRedis('redis://127.0.0.1:1', silent);
    const fallback = redisCounters(dead, memoryCounters(), silent);
    try {
      const start = Date.now();
      const results = [];
      for (let i = 0; i < 4; i++) results.push((await fallback.reserve('k', 3, 60_000)).allowed);
      expect(results).toEqual([true, true, true, false]);
      // Without waiting on Redis for each request.
      expect(Date.now() - start).toBeLessThan(3_000);
    } finally {
      dead.disconnect();
    }
  });
});
