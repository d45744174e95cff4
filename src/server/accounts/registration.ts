import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationSchema, userSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { hashPassword } from './passwords';
import { insertUser } from './user-store';
import { toPublicUser } from './user-presenter';
import { startSession } from './sign-in';
import { perIpLimit } from '../http/rate-limits';
import { startVerification } from './email-verification';
import type { Mailer } from './mailer';
import type { Outbox } from './mail-outbox';

export interface RegistrationOptions {
  registrationsPerIp: number;
  windowMs: number;
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
      config: perIpLimit(options.registrationsPerIp, options.windowMs, MESSAGES.rateLimits.registration),
      schema: {
        tags: ['accounts'],
        summary: 'Register with e-mail, username and password; signs the new user in and mails a link that verifies the address',
        description: 'The path segment is ignored (the old client put the e-mail there); the body is what counts.',
        params: z.object({ email: z.string() }),
        body: registrationSchema,
        response: { 201: userSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const { email_address, username, password } = request.body;
      const user = await insertUser(app.db, { email: email_address, username, passwordHash: await hashPassword(password) });
      await startSession(request, res, user.id);
      await startVerification(request, { db: app.db, mailer: options.mailer, outbox: options.outbox }, { id: user.id, username: user.username, email: user.email! });
      return res.status(201).send(toPublicUser(user));
    },
  );
};
