import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationSchema, userSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { hashPassword } from './passwords';
import { insertUser } from './user-store';
import { toPublicUser } from './user-presenter';
import { startSession } from './sign-in';
import type { AttemptLimiter, RateLimits } from '../http/rate-limits';
import { startVerification } from './email-verification';
import type { Mailer } from './mailer';
import type { Outbox } from './mail-outbox';

export interface RegistrationOptions {
  limiter: AttemptLimiter;
  limits: RateLimits;
  mailer: Mailer;
  outbox: Outbox;
}

/**
 * POST /api/users/{email}: creates an account with a password and signs it in. The address is not
 * proven yet: a mail with a verification link goes out after the answer.
 */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationOptions> = async (app, options) => {
  app.post(
    '/users/:email',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Register with e-mail, username and password; signs the new user in and mails a link that verifies the address',
        description: 'The path segment is ignored (the old client put the e-mail there); the body is what counts.',
        params: z.object({ email: z.string() }),
        body: registrationSchema,
        response: { 201: userSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const { email_address, username, password } = request.body;
      // Counted here, after the body passed validation, not on arrival: the old site's client posts
      // {email_address: null} to this path on every page load, and those 400s must not use up the
      // address's registrations. A taken e-mail or username (409) does count: it was a real attempt.
      await options.limiter.reserve(
        res,
        [
          {
            key: `register-ip:${request.ip}`,
            max: options.limits.registrationsPerIp,
            windowMs: options.limits.hourWindowMs,
          },
        ],
        MESSAGES.rateLimits.registration,
      );
      const user = await insertUser(app.db, {
        email: email_address,
        username,
        passwordHash: await hashPassword(password),
      });
      await startSession(request, res, user.id);
      await startVerification(
        request,
        { db: app.db, mailer: options.mailer, outbox: options.outbox },
        { id: user.id, username: user.username, email: user.email! },
      );
      return res.status(201).send(toPublicUser(user));
    },
  );
};
