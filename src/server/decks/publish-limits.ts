import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/messages';
import type { AttemptLimiter, RateLimits } from '../http/rate-limits';

/**
 * Counts a publish once its form has passed validation, before the image is stored; 429 with
 * Retry-After once the account or the client IP has used its budget. A refused form spends nothing.
 * Resolves to a function that gives the attempt back, for a publish that failed on our side.
 */
export function reservePublish(
  limiter: AttemptLimiter,
  limits: RateLimits,
  request: FastifyRequest,
  res: FastifyReply,
  userId: string,
): Promise<() => Promise<void>> {
  return limiter.reserve(
    res,
    [
      { key: `publish-account:${userId}`, max: limits.publishesPerAccount, windowMs: limits.publishWindowMs },
      { key: `publish-ip:${request.ip}`, max: limits.publishesPerIp, windowMs: limits.publishWindowMs },
    ],
    MESSAGES.rateLimits.publishes,
  );
}
