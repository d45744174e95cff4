import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationSchema, userSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { hashPassword } from './passwords';
import { insertUser } from './user-store';
import { toPublicUser } from './user-presenter';
import { startSession } from './sign-in';
import { perIpLimit } from './rate-limits';

export interface RegistrationOptions {
  registrationsPerIp: number;
  windowMs: number;
}

/** POST /api/users/{email}: creates an account with a password and signs it in. */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationOptions> = async (app, options) => {
  app.post(
    '/users/:email',
    {
      config: perIpLimit(options.registrationsPerIp, options.windowMs, 'Too many registrations from your network.'),
      schema: {
        tags: ['accounts'],
        summary: 'Register with e-mail, username and password; signs the new user in',
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
      return res.status(201).send(toPublicUser(user));
    },
  );
};
