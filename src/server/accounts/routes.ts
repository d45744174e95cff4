import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providersSchema, sessionSchema, type Providers } from '../../common/api/users';
import { SESSION_COOKIE, deleteSession } from './sessions';
import { clearSessionCookie } from './session-plugin';
import { toPublicUser } from './user-presenter';
import { can } from '../policies';

/** GET /api/session (who is signed in, which providers exist), DELETE /api/session (sign out). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = (): Providers => ({ oidc: !!app.config.oidc });

  app.get(
    '/session',
    { schema: { tags: ['accounts'], summary: 'Who is signed in', response: { 200: sessionSchema } } },
    async (request) => ({
      user: request.user ? toPublicUser(request.user) : null,
      providers: providers(),
      emailVerified: request.user?.emailVerified ?? false,
      ...(can(request.user, 'moderation.act') ? { isModerator: true as const } : {}),
    }),
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Which third-party sign-in providers are configured',
        response: { 200: providersSchema },
      },
    },
    async () => providers(),
  );

  app.delete(
    '/session',
    { schema: { tags: ['accounts'], summary: 'Sign out', response: { 200: sessionSchema } } },
    async (request, res) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token);
      clearSessionCookie(res);
      return { user: null, providers: providers(), emailVerified: false };
    },
  );
};
