// Brakes on guessing and on floods. Two kinds:
// - per-route request limits (@fastify/rate-limit) for reset mail: every request counts;
// - attempt budgets (attempt-counters.ts) for work whose outcome matters: sign-in, reset-password,
//   comments, reports, publishing, and registration (counted only once the body is valid); and counts of work in flight (screenshot reads per account). An attempt is counted before the work starts, so concurrent requests cannot all slip
//   past a check that only a finished attempt would have updated.
// Counters live in memory, or in Redis when REDIS_URL is set so that every instance shares them.
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import type { Config } from '../config';
import { connectRedis, memoryCounters, redisCounters, type AttemptCounters } from './attempt-counters';

export interface RateLimits {
  /**
   * Failed sign-ins allowed within `loginWindowMs`: per account from one client IP (so someone
   * guessing from their own address locks only that address out, never the owner at theirs), per
   * account across all addresses (a guesser must spread over ten addresses to shut the account), and
   * per client IP across accounts.
   */
  failedLoginsPerAccount: number;
  failedLoginsPerAccountAllAddresses: number;
  failedLoginsPerIp: number;
  loginWindowMs: number;
  /** Registration attempts and password-reset requests allowed per IP within `hourWindowMs`. */
  registrationsPerIp: number;
  resetRequestsPerIp: number;
  hourWindowMs: number;
  /** Failed uses of reset links allowed per IP and per token within `loginWindowMs`. */
  failedResetsPerIp: number;
  failedResetsPerToken: number;
  /** Verification mails a signed-in user may ask for within `hourWindowMs`. */
  verifyMailsPerAccount: number;
  /**
   * Comments one account, and one client IP, may post within `commentWindowMs`: enough for any
   * conversation, far too few to flood a deck page.
   */
  commentsPerAccount: number;
  commentsPerIp: number;
  commentWindowMs: number;
  /**
   * Decks one account, and one client IP, may publish within `publishWindowMs`. Each deck stores an
   * image of up to several MB and empties the kept search pages, so a flood costs every reader; a
   * player publishes a handful in an evening (one account published 60 in 3.2 s, issue 33 M3).
   */
  publishesPerAccount: number;
  publishesPerIp: number;
  publishWindowMs: number;
  /**
   * Reports one account, and one client IP, may send within `reportWindowMs`: more than a person
   * who reads the site finds to report, few enough that one account, or a batch of accounts made
   * behind one address, cannot bury the queue. A second report of the same item does not count.
   */
  reportsPerAccount: number;
  reportsPerIp: number;
  reportWindowMs: number;
  /**
   * Screenshot reads one account may have in flight at once. The reader's capacity is shared by
   * the whole site (8 places by default): without this one account sending 8 uploads at once took
   * all of them and everyone else was answered "busy" (issue 33 M2). A player reads one deck at a time.
   */
  ocrReadsInFlightPerAccount: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  failedLoginsPerAccount: 10,
  failedLoginsPerAccountAllAddresses: 100,
  failedLoginsPerIp: 30,
  loginWindowMs: 15 * 60_000,
  registrationsPerIp: 30,
  resetRequestsPerIp: 5,
  hourWindowMs: 60 * 60_000,
  failedResetsPerIp: 10,
  failedResetsPerToken: 5,
  verifyMailsPerAccount: 3,
  commentsPerAccount: 20,
  commentsPerIp: 60,
  commentWindowMs: 10 * 60_000,
  publishesPerAccount: 20,
  publishesPerIp: 60,
  publishWindowMs: 60 * 60_000,
  reportsPerAccount: 20,
  reportsPerIp: 60,
  reportWindowMs: 60 * 60_000,
  ocrReadsInFlightPerAccount: 2,
};

/** The limits in force: the defaults, then what the configuration raises or lowers, then a caller's own. */
export function rateLimitsOf(config: Config, overrides: Partial<RateLimits> = {}): RateLimits {
  return { ...DEFAULT_RATE_LIMITS, ...config.limits, ...overrides };
}

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

export const tooMany = (what: string, retryAfterSeconds: number) =>
  new HttpError(429, `${what} Please try again in ${inMinutes(retryAfterSeconds)}.`);

/** Route options that limit a route per client IP; the 429 carries `what` as its message. */
export function perIpLimit(max: number, timeWindow: number, what: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => tooMany(what, context.ttl / 1000),
    },
  };
}

/** `max` attempts per `windowMs` for one key (e.g. `login-ip:10.0.0.1`). */
export interface Budget {
  key: string;
  max: number;
  windowMs: number;
  /**
   * Counts work in progress (`max` at once) rather than attempts per window: every attempt must be
   * given back when its work ends, and `windowMs` is only how long a count lost by a dead process
   * lingers (attempt-counters.ts). Longer than the work may take.
   */
  isInFlight?: boolean;
}

export interface AttemptLimiter {
  /**
   * Counts one attempt against every budget before the work it guards. When one is spent: 429 with
   * Retry-After and `refusal` as the message (followed by when to try again), or the error `refusal`
   * makes, and nothing stays counted. Resolves to a function that gives the attempt back, for
   * attempts that succeeded (a user who signs in often is never locked out).
   */
  reserve(
    res: FastifyReply,
    budgets: Budget[],
    refusal: string | ((retryAfterSeconds: number) => Error),
  ): Promise<() => Promise<void>>;
}

export function attemptLimiter(counters: AttemptCounters): AttemptLimiter {
  return {
    async reserve(res, budgets, refusal) {
      const taken: string[] = [];
      const releaseAll = async () => {
        await Promise.all(taken.map((key) => counters.release(key)));
      };
      for (const budget of budgets) {
        const reservation = await counters.reserve(budget.key, budget.max, budget.windowMs, budget.isInFlight);
        if (!reservation.allowed) {
          await releaseAll();
          const seconds = Math.max(1, Math.ceil(reservation.retryAfterMs / 1000));
          res.header('retry-after', seconds);
          throw typeof refusal === 'string' ? tooMany(refusal, seconds) : refusal(seconds);
        }
        taken.push(budget.key);
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await releaseAll();
      };
    },
  };
}

/**
 * The attempt limiter of one plugin, on Redis when `redisUrl` is set (its connection closes with
 * the app). `redis` lets a plugin share a connection it already has.
 */
export function createAttemptLimiter(app: FastifyInstance, redisUrl?: string, redis?: Redis): AttemptLimiter {
  const local = memoryCounters();
  const client = redis ?? (redisUrl ? connectRedis(redisUrl, app.log) : undefined);
  const counters = client ? redisCounters(client, local, app.log) : local;
  app.addHook('onClose', async () => {
    await counters.close();
    if (client && !redis) await client.quit();
  });
  return attemptLimiter(counters);
}

/**
 * Registers @fastify/rate-limit in the calling (accounts) plugin only, with no global limit: the
 * routes that need one say so in their `config`. Returns the attempt limiter of the account routes,
 * on the same Redis connection.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl?: string): Promise<AttemptLimiter> {
  const redis = redisUrl ? connectRedis(redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'deckhub-rl-' } : {}),
    // With Redis down, registering and asking for reset mail keep working rather than failing for everyone.
    skipOnError: true,
  });
  return createAttemptLimiter(app, undefined, redis);
}
