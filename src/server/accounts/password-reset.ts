import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, resetPasswordSchema, resetRequestSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { badRequest } from '../http/errors';
import { hashPassword } from './passwords';
import { findUserByEmail, updatePasswordHash } from './user-store';
import { consumeResetToken, createResetToken, dropUnusedResetTokens } from './reset-tokens';
import { deleteUserSessions } from './sessions';
import type { Mailer } from './mailer';
import { perIpLimit } from './rate-limits';
import { siteOrigin } from './site-origin';

export interface PasswordResetOptions {
  mailer: Mailer;
  resetRequestsPerIp: number;
  windowMs: number;
}

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

/** POST /api/request-password-reset/ mails a reset link; POST /api/reset-password sets the new password. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetOptions> = async (app, { mailer, resetRequestsPerIp, windowMs }) => {
  // Mail goes out after the answer; shutting down waits for what is still on its way.
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
    mailer.close();
  });

  async function mailResetLink(email: string, origin: string): Promise<void> {
    const user = await findUserByEmail(app.db, email);
    if (!user) return;
    const token = await createResetToken(app.db, user.id);
    const link = `${origin}/reset-password/${token}`;
    await mailer.send({
      to: email,
      subject: 'Reset your Deckhub password',
      text: `Hello ${user.username},\n\nSomeone (hopefully you) asked to reset your Deckhub password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    });
    app.log.info({ userId: user.id }, 'password reset mail sent');
  }

  for (const [i, url] of ['/request-password-reset/', '/request-password-reset'].entries()) {
    app.post(
      url,
      {
        config: perIpLimit(resetRequestsPerIp, windowMs, 'Too many password reset requests.'),
        schema: {
          hide: i > 0,
          tags: ['accounts'],
          summary: 'Mail a password reset link to an address, if it has an account',
          description: 'Always answers the same success, so nobody learns which addresses have accounts.',
          body: resetRequestSchema,
          response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request) => {
        // The look-up and the mail run after the answer: known and unknown addresses take the same time.
        const task = mailResetLink(request.body.forgotEmail, siteOrigin(request))
          .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'))
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
        return { message: MESSAGES.passwordReset.emailSent };
      },
    );
  }

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from a reset link; signs the user out everywhere',
        body: resetPasswordSchema,
        response: { 200: messageSchema, 400: errorSchema },
      },
    },
    async (request) => {
      // Hash before touching the token, so a slow hash never holds a database transaction open.
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        const userId = await consumeResetToken(trx, request.body.token);
        if (!userId) throw badRequest(INVALID_RESET_LINK);
        await updatePasswordHash(trx, userId, passwordHash);
        await dropUnusedResetTokens(trx, userId);
        // Whoever knew the old password may hold a session: every session of the user ends.
        await deleteUserSessions(trx, userId);
      });
      return { message: MESSAGES.passwordReset.done };
    },
  );
};
