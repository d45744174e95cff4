import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/messages';
import type { AttemptLimiter, RateLimits } from '../http/rate-limits';

/** Counts a comment before it is written; 429 once the account or the IP has used its budget. */
export async function reserveComment(
  limiter: AttemptLimiter,
  limits: RateLimits,
  request: FastifyRequest,
  res: FastifyReply,
  userId: string,
): Promise<void> {
  await limiter.reserve(
    res,
    [
      { key: `comment-account:${userId}`, max: limits.commentsPerAccount, windowMs: limits.commentWindowMs },
      { key: `comment-ip:${request.ip}`, max: limits.commentsPerIp, windowMs: limits.commentWindowMs },
    ],
    MESSAGES.rateLimits.comments,
  );
}
