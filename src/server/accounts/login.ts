import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, userSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { HttpError, unauthorized } from '../http/errors';
import { verifyAgainstNoAccount, verifyPassword } from './passwords';
import { findUserByUsername } from './user-store';
import { toPublicUser } from './user-presenter';
import { startSession } from './sign-in';
import { identifierKey } from '../../common/identifiers';
import type { AttemptLimiter, Budget, RateLimits } from '../http/rate-limits';

/**
 * The budgets one password attempt on an account spends (sign-in, or linking the provider to it).
 * The account's small budget is per address, so whoever guesses from one address cannot lock the
 * owner out of their own; guesses refused there never reach the larger account-wide one.
 */
export function passwordAttemptBudgets(limits: RateLimits, username: string, ip: string): Budget[] {
  const account = identifierKey(username) ?? username;
  return [
    { key: `login-account-ip:${account}:${ip}`, max: limits.failedLoginsPerAccount, windowMs: limits.loginWindowMs },
    { key: `login-account:${account}`, max: limits.failedLoginsPerAccountAllAddresses, windowMs: limits.loginWindowMs },
    { key: `login-ip:${ip}`, max: limits.failedLoginsPerIp, windowMs: limits.loginWindowMs },
  ];
}

/** POST /api/users/passwordlogin/: username and password sign-in. */
export const loginRoutes: FastifyPluginAsyncZod<{ limiter: AttemptLimiter; limits: RateLimits }> = async (
  app,
  { limiter, limits },
) => {
  app.post(
    '/users/passwordlogin/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with username and password',
        body: loginSchema,
        response: { 200: userSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const { username, password } = request.body;
      // Counted as a failure before the password is checked; given back only if it turns out right.
      const giveBack = await limiter.reserve(
        res,
        passwordAttemptBudgets(limits, username, request.ip),
        MESSAGES.rateLimits.signIn,
      );
      const user = await findUserByUsername(app.db, username);
      // The same hashing work on every path, so the time of the answer does not tell whether the username exists.
      if (!user) {
        await verifyAgainstNoAccount(password);
        throw unauthorized(MESSAGES.login.unknownUser);
      }
      // A provider-only account has no password hash: no password can match it.
      const matches = user.password_hash
        ? await verifyPassword(user.password_hash, password)
        : await verifyAgainstNoAccount(password);
      if (!matches) throw unauthorized(MESSAGES.login.wrongPassword);
      await giveBack();
      await startSession(request, res, user.id);
      return toPublicUser(user);
    },
  );

  // A GET would carry the password in the query string, which leaks it into logs and history,
  // so GET signs nobody in.
  app.get('/users/passwordlogin/', { schema: { hide: true } }, async (_request, res) => {
    res.header('allow', 'POST');
    throw new HttpError(405, 'Sign in with POST and a JSON body {username, password}.');
  });
};
