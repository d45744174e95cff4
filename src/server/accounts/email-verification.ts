// Proving an account's e-mail address: a mailed link, valid one day, to a page whose button confirms
// the address (POST). Following the link alone changes nothing: mail scanners fetch the links of every
// mail they see, and a GET that verified would confirm addresses nobody had looked at.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../common/api/errors';
import { messageSchema } from '../../common/api/users';
import { MESSAGES } from '../../common/messages';
import type { Db } from '../db/connect';
import { badRequest, unauthorized } from '../http/errors';
import type { Mailer } from './mailer';
import type { Outbox } from './mail-outbox';
import type { AttemptLimiter, RateLimits } from '../http/rate-limits';
import { requireUser } from './session-plugin';
import { hashToken } from './sessions';
import { siteOrigin } from './site-origin';
import { changeEmail, findUserByEmail, markEmailVerified } from './user-store';

export const VERIFY_TOKEN_TTL_MS = 24 * 3600_000;

/** The web page a mailed link opens: it shows a button that confirms with POST /api/verify-email/{token}. */
export const verifyPagePath = (token: string) => `/verify-email/${encodeURIComponent(token)}`;

export async function createVerifyToken(db: Db, userId: string, email: string, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  // Expired links of anyone are dropped on the way: the table stays small.
  await db.deleteFrom('email_verifications').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('email_verifications')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      email,
      expires_at: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Uses a valid link: marks its address verified, or, for a link that confirms a change of address
 * (account settings), makes it the account's address. Every link of the account is used up.
 * Null for an unknown or expired link, or a new address another account took meanwhile.
 */
export async function useVerifyToken(db: Db, token: string, now = new Date()): Promise<'confirmed' | 'changed' | null> {
  const row = await db
    .selectFrom('email_verifications')
    .innerJoin('users', 'users.id', 'email_verifications.user_id')
    .select(['email_verifications.user_id', 'email_verifications.email', 'users.email as current'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('email_verifications').where('user_id', '=', row.user_id).execute();
  if (row.email === row.current) {
    // An account verified meanwhile is simply left as it is.
    await markEmailVerified(db, row.user_id, row.email, now);
    return 'confirmed';
  }
  // Asking for a change dropped the account's earlier links (startEmailChange), so a link for
  // another address than the account's is the change's own.
  return (await changeEmail(db, row.user_id, row.email, now)) ? 'changed' : null;
}

/**
 * Creates a verification link for the account and mails it after the answer. The link is stored
 * before the answer, so a request leaves the database as it will stay.
 */
export async function startVerification(
  request: FastifyRequest,
  deps: { db: Db; mailer: Mailer; outbox: Outbox },
  user: { id: string; username: string; email: string },
): Promise<void> {
  await mailLink(request, deps, user, {
    subject: 'Confirm your Deckhub e-mail address',
    intro: 'Please confirm that this address belongs to your Deckhub account',
    ignore:
      'If you did not create a Deckhub account, ignore this mail and do not press the button: the address stays unconfirmed.',
  });
}

/**
 * Starts a change of the account's address: the account's earlier links are dropped and a link is
 * mailed to the new address, which becomes the account's only when that link is confirmed.
 */
export async function startEmailChange(
  request: FastifyRequest,
  deps: { db: Db; mailer: Mailer; outbox: Outbox },
  user: { id: string; username: string },
  newEmail: string,
): Promise<void> {
  await deps.db.deleteFrom('email_verifications').where('user_id', '=', user.id).execute();
  await mailLink(
    request,
    deps,
    { ...user, email: newEmail },
    {
      subject: 'Confirm your new Deckhub e-mail address',
      intro: 'Please confirm that your Deckhub account should use this address from now on',
      ignore:
        'If you did not ask for this, ignore this mail and do not press the button: the account keeps its address.',
    },
  );
}

async function mailLink(
  request: FastifyRequest,
  deps: { db: Db; mailer: Mailer; outbox: Outbox },
  user: { id: string; username: string; email: string },
  text: { subject: string; intro: string; ignore: string },
): Promise<void> {
  const token = await createVerifyToken(deps.db, user.id, user.email);
  const link = `${siteOrigin(request)}${verifyPagePath(token)}`;
  deps.outbox.later(request, 'verification mail', () =>
    deps.mailer.send({
      to: user.email,
      subject: text.subject,
      text: `Hello ${user.username},\n\n${text.intro}: open this link within one day and press the button on the page.\n\n${link}\n\n${text.ignore}\n`,
    }),
  );
}

export interface EmailVerificationOptions {
  db: Db;
  mailer: Mailer;
  outbox: Outbox;
  limiter: AttemptLimiter;
  limits: RateLimits;
}

/**
 * POST /api/verify-email/{token} (the button of the page a mailed link opens), GET of the same path
 * (links mailed before that page existed) and POST /api/verify-email/request (mail a new one).
 */
export const emailVerificationRoutes: FastifyPluginAsyncZod<EmailVerificationOptions> = async (
  app,
  { db, mailer, outbox, limiter, limits },
) => {
  const tokenParams = z.object({ token: z.string().max(200) });

  app.get(
    '/verify-email/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A verification link mailed before the confirmation page: redirects to that page, verifies nothing',
        params: tokenParams,
      },
    },
    async (request, res) => res.redirect(verifyPagePath(request.params.token)),
  );

  app.post(
    '/verify-email/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the address of a mailed verification link',
        params: tokenParams,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const used = await useVerifyToken(db, request.params.token);
      if (used === 'confirmed') return { message: MESSAGES.emailVerification.confirmed };
      if (used === 'changed') return { message: MESSAGES.account.emailChanged };
      // Only failures are counted, after the look-up: many people behind one shared address, some
      // with expired links, must not use up the budget of the next one whose link is good. Guessing
      // is hopeless anyway (256 bits); the budget tells a guesser to stop.
      await limiter.reserve(
        res,
        [{ key: `verify-ip:${request.ip}`, max: limits.failedResetsPerIp, windowMs: limits.loginWindowMs }],
        MESSAGES.rateLimits.verifyAttempts,
      );
      throw badRequest(MESSAGES.emailVerification.linkInvalid);
    },
  );

  app.post(
    '/verify-email/request',
    {
      schema: {
        tags: ['accounts'],
        summary: "Mail the signed-in user a link that verifies their account's address",
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const user = requireUser(request);
      const found = await findUserByEmail(db, user.email!);
      if (!found?.email) throw unauthorized();
      if (found.email_verified_at) throw badRequest(MESSAGES.emailVerification.alreadyVerified);
      await limiter.reserve(
        res,
        [{ key: `verify-mail:${user.id}`, max: limits.verifyMailsPerAccount, windowMs: limits.hourWindowMs }],
        MESSAGES.rateLimits.verifyMails,
      );
      await startVerification(
        request,
        { db, mailer, outbox },
        { id: found.id, username: found.username, email: found.email },
      );
      return { message: MESSAGES.emailVerification.sent };
    },
  );
};
