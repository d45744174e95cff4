import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/messages';
import type { AttemptLimiter } from '../accounts/rate-limits';

/**
 * Comments one account, and one network, may post within the window: enough for any conversation,
 * far too few to flood a deck page.
 */
export const COMMENT_LIMITS = { perAccount: 20, perIp: 60, windowMs: 10 * 60_000 };

/** Counts a comment before it is written; 429 once the account or the IP has used its budget. */
export async function reserveComment(limiter: AttemptLimiter, request: FastifyRequest, res: FastifyReply, userId: string): Promise<void> {
  await limiter.reserve(
    res,
    [
      { key: `comment-account:${userId}`, max: COMMENT_LIMITS.perAccount, windowMs: COMMENT_LIMITS.windowMs },
      { key: `comment-ip:${request.ip}`, max: COMMENT_LIMITS.perIp, windowMs: COMMENT_LIMITS.windowMs },
    ],
    MESSAGES.rateLimits.comments,
  );
}
