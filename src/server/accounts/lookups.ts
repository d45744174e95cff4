import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { findUserByUsername, listUsernames } from './user-store';
import { toPublicUser } from './user-presenter';
import { identifierKey } from '../../common/identifiers';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The user look-ups. E-mail addresses are personal: only their owner reads them. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/username/:username',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a username exists (200) or not (400)',
        params: z.object({ username: z.string().max(64) }),
        response: { 200: z.object({ username: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await findUserByUsername(app.db, request.params.username);
      if (!user) throw badRequest(MESSAGES.login.unknownUser);
      return { username: user.username };
    },
  );

  app.get(
    '/users/email/:email',
    {
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's own account, looked up by their e-mail",
        params: z.object({ email: z.string().max(254) }),
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      if (!user.email || user.email !== identifierKey(request.params.email))
        throw forbidden('You can only look up your own e-mail address.');
      return toPublicUser(user);
    },
  );

  app.get(
    '/users/getall/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Every username (no e-mail addresses)',
        response: { 200: z.array(z.object({ username: z.string() })) },
      },
    },
    async () => listUsernames(app.db),
  );
};
