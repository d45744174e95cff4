// The signed-in user's own account: POST /api/account/password, POST /api/account/email,
// GET /api/account/export and DELETE /api/account. Each change asks for the current password
// (an account without one, made through the provider, types its username to delete itself), and
// wrong passwords spend the same budgets as sign-in, so these routes are no way around them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
} from '../../common/api/account';
import { errorSchema } from '../../common/api/errors';
import { messageSchema } from '../../common/api/users';
import { MESSAGES } from '../../common/messages';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import type { AttemptLimiter, RateLimits } from '../http/rate-limits';
import type { Mailer } from './mailer';
import type { Outbox } from './mail-outbox';
import { passwordAttemptBudgets } from './login';
import { hashPassword, verifyAgainstNoAccount, verifyPassword } from './passwords';
import { findUserByEmail, findUserByUsername, updatePasswordHash, type UserRow } from './user-store';
import { deleteUserSessions } from './sessions';
import { clearSessionCookie, requireUser } from './session-plugin';
import { startSession } from './sign-in';
import { startEmailChange } from './email-verification';
import { deleteAccount, exportAccount } from './account-data';

const ACC = MESSAGES.account;

export interface AccountSettingsOptions {
  limiter: AttemptLimiter;
  limits: RateLimits;
  mailer: Mailer;
  outbox: Outbox;
}

export const accountSettingsRoutes: FastifyPluginAsyncZod<AccountSettingsOptions> = async (
  app,
  { limiter, limits, mailer, outbox },
) => {
  /** The signed-in user's row, once their current password is proven; 403 otherwise. */
  async function withCurrentPassword(request: FastifyRequest, res: FastifyReply, password: string): Promise<UserRow> {
    const user = await signedInRow(request);
    const giveBack = await limiter.reserve(
      res,
      passwordAttemptBudgets(limits, user.username, request.ip),
      MESSAGES.rateLimits.signIn,
    );
    if (!user.password_hash) {
      await verifyAgainstNoAccount(password);
      throw badRequest(ACC.noPassword);
    }
    if (!(await verifyPassword(user.password_hash, password))) throw forbidden(ACC.wrongPassword);
    await giveBack();
    return user;
  }

  async function signedInRow(request: FastifyRequest): Promise<UserRow> {
    const row = await findUserByUsername(app.db, requireUser(request).username);
    if (!row) throw unauthorized();
    return row;
  }

  const answers = { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

  app.post(
    '/account/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (the current one required); ends every other session',
        body: changePasswordSchema,
        response: answers,
      },
    },
    async (request, res) => {
      const user = await withCurrentPassword(request, res, request.body.currentPassword);
      await updatePasswordHash(app.db, user.id, await hashPassword(request.body.newPassword));
      // Whoever knew the old password may hold a session: all end, and this browser gets a new one.
      await deleteUserSessions(app.db, user.id);
      await startSession(request, res, user.id);
      return { message: ACC.passwordChanged };
    },
  );

  app.post(
    '/account/email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the e-mail address: a link is mailed to the new one, which is used once confirmed there',
        body: changeEmailSchema,
        response: { ...answers, 409: errorSchema },
      },
    },
    async (request, res) => {
      const user = await withCurrentPassword(request, res, request.body.currentPassword);
      const { email } = request.body;
      if (email === user.email) throw badRequest(ACC.sameEmail);
      if (await findUserByEmail(app.db, email)) throw conflict(MESSAGES.registration.emailInUse);
      await limiter.reserve(
        res,
        [{ key: `verify-mail:${user.id}`, max: limits.verifyMailsPerAccount, windowMs: limits.hourWindowMs }],
        MESSAGES.rateLimits.verifyMails,
      );
      await startEmailChange(request, { db: app.db, mailer, outbox }, user, email);
      return { message: ACC.emailChangeSent };
    },
  );

  app.get(
    '/account/export',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Everything the site holds about the signed-in user, as a JSON download',
        response: { 200: accountExportSchema, 401: errorSchema },
      },
    },
    async (request, res) => {
      const user = await signedInRow(request);
      res.header('content-disposition', `attachment; filename="deckhub-${user.username}.json"`);
      res.header('cache-control', 'no-store');
      return exportAccount(app.db, user.id);
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account: decks and comments removed, votes withdrawn, signed out everywhere',
        body: deleteAccountSchema,
        response: answers,
      },
    },
    async (request, res) => {
      const { currentPassword, confirmUsername } = request.body;
      const user =
        currentPassword !== undefined
          ? await withCurrentPassword(request, res, currentPassword)
          : await withTypedUsername(request, confirmUsername ?? '');
      await deleteAccount(app, user.id);
      clearSessionCookie(res);
      request.log.info({ userId: user.id }, 'account deleted by its owner');
      return { message: ACC.deleted };
    },
  );

  /** An account without a password confirms its deletion by typing its username. */
  async function withTypedUsername(request: FastifyRequest, typed: string): Promise<UserRow> {
    const user = await signedInRow(request);
    if (user.password_hash) throw badRequest(ACC.currentPasswordRequired);
    if (typed.trim().toLowerCase() !== user.username.toLowerCase()) throw badRequest(ACC.confirmUsernameMismatch);
    return user;
  }
};
