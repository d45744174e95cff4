import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, resetPasswordSchema, resetRequestSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { badRequest } from '../http/errors';
import { hashPassword } from './passwords';
import { findUserByEmail, markEmailVerified, updatePasswordHash } from './user-store';
import { consumeResetToken, createResetToken, dropUnusedResetTokens, isResetTokenUsable } from './reset-tokens';
import { deleteUserSessions, hashToken } from './sessions';
import type { Mailer } from './mailer';
import type { Outbox } from './mail-outbox';
import { perIpLimit, type AttemptLimiter, type RateLimits } from '../http/rate-limits';
import { siteOrigin } from './site-origin';

export interface PasswordResetOptions {
  mailer: Mailer;
  outbox: Outbox;
  limiter: AttemptLimiter;
  limits: RateLimits;
}

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

/** POST /api/request-password-reset/ and POST /api/reset-password. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetOptions> = async (
  app,
  { mailer, outbox, limiter, limits },
) => {
  async function mailResetLink(email: string, origin: string): Promise<void> {
    const user = await findUserByEmail(app.db, email);
    if (!user?.email) return;
    const token = await createResetToken(app.db, user.id);
    const link = `${origin}/reset-password/${token}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your Deckhub password',
      text: `Hello ${user.username},\n\nSomeone (hopefully you) asked to reset your Deckhub password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    });
    app.log.info({ userId: user.id }, 'password reset mail sent');
  }

  app.post(
    '/request-password-reset/',
    {
      config: perIpLimit(limits.resetRequestsPerIp, limits.hourWindowMs, MESSAGES.rateLimits.resetRequests),
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password reset link to an address, if it has an account',
        description: 'Always answers the same success, so nobody learns which addresses have accounts.',
        body: resetRequestSchema,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const origin = siteOrigin(request);
      outbox.later(request, 'password reset mail', () => mailResetLink(request.body.forgotEmail, origin));
      return { message: MESSAGES.passwordReset.emailSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from a reset link; signs the user out everywhere',
        description: `Failed attempts are limited per client and per link (${limits.failedResetsPerIp} and ${limits.failedResetsPerToken} per ${limits.loginWindowMs / 60_000} minutes): 429 past that.`,
        body: resetPasswordSchema,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const { token, password } = request.body;
      const giveBack = await limiter.reserve(
        res,
        [
          { key: `reset-ip:${request.ip}`, max: limits.failedResetsPerIp, windowMs: limits.loginWindowMs },
          { key: `reset-token:${hashToken(token)}`, max: limits.failedResetsPerToken, windowMs: limits.loginWindowMs },
        ],
        MESSAGES.rateLimits.resetAttempts,
      );
      // The cheap look-up first: a made-up token never costs a password hash.
      if (!(await isResetTokenUsable(app.db, token))) throw badRequest(INVALID_RESET_LINK);
      // Hashed outside the transaction, so a slow hash never holds one open.
      const passwordHash = await hashPassword(password);
      await app.db.transaction().execute(async (trx) => {
        // Still the single-use gate: of two concurrent uses of one link only one gets here.
        const userId = await consumeResetToken(trx, token);
        if (!userId) throw badRequest(INVALID_RESET_LINK);
        await updatePasswordHash(trx, userId, passwordHash);
        await dropUnusedResetTokens(trx, userId);
        // Whoever knew the old password may hold a session: every session of the user ends.
        await deleteUserSessions(trx, userId);
        // The link came by mail: following it proves the address, as a verification link would.
        const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
        if (user?.email) await markEmailVerified(trx, userId, user.email);
      });
      await giveBack();
      return { message: MESSAGES.passwordReset.done };
    },
  );
};
