// Brakes on guessing and on mail/sign-up floods (@fastify/rate-limit). Counters live in memory, or
// in Redis when REDIS_URL is set so that every instance behind a load balancer shares them.
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

export interface RateLimits {
  /** Failed sign-ins allowed per account, then per client IP, within `loginWindowMs`. */
  failedLoginsPerAccount: number;
  failedLoginsPerIp: number;
  loginWindowMs: number;
  /** Registration attempts and password-reset requests allowed per IP within `hourWindowMs`. */
  registrationsPerIp: number;
  resetRequestsPerIp: number;
  hourWindowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  failedLoginsPerAccount: 10,
  failedLoginsPerIp: 30,
  loginWindowMs: 15 * 60_000,
  registrationsPerIp: 30,
  resetRequestsPerIp: 5,
  hourWindowMs: 60 * 60_000,
};

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

export const tooMany = (what: string, retryAfterSeconds: number) => new HttpError(429, `${what} Please try again in ${inMinutes(retryAfterSeconds)}.`);

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

export interface LoginLimiter {
  /** Refuses (429, with Retry-After) a sign-in while the account or the IP is over its budget of failures. */
  assertAllowed(request: FastifyRequest, res: FastifyReply, username: string): Promise<void>;
  /** Counts one failed sign-in against the account and the IP. */
  recordFailure(request: FastifyRequest, username: string): Promise<void>;
}

/**
 * Registers @fastify/rate-limit in the calling (accounts) plugin only, with no global limit: the
 * routes that need one say so in their `config`. Returns the failed-login limiter, which counts
 * failures only so that a user who signs in often is never locked out.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits, redisUrl?: string): Promise<LoginLimiter> {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'deckhub-rl-' } : {}),
    // With Redis down, signing in keeps working rather than failing for everyone.
    skipOnError: true,
  });

  // The username is read from the request being checked; the key generator only sees the request.
  const usernameOf = new WeakMap<FastifyRequest, string>();
  const byAccount = app.createRateLimit({
    max: limits.failedLoginsPerAccount,
    timeWindow: limits.loginWindowMs,
    keyGenerator: (request) => `login-account:${usernameOf.get(request) ?? ''}`,
  });
  const byIp = app.createRateLimit({
    max: limits.failedLoginsPerIp,
    timeWindow: limits.loginWindowMs,
    keyGenerator: (request) => `login-ip:${request.ip}`,
  });
  const checkers = [byAccount, byIp];

  return {
    async assertAllowed(request, res, username) {
      usernameOf.set(request, username.toLowerCase());
      for (const check of checkers) {
        const state = await check(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) {
          res.header('retry-after', state.ttlInSeconds);
          throw tooMany('Too many failed sign-in attempts.', state.ttlInSeconds);
        }
      }
    },
    async recordFailure(request, username) {
      usernameOf.set(request, username.toLowerCase());
      for (const check of checkers) await check(request);
    },
  };
}
