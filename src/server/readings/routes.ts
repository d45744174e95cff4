import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../common/api/errors';
import { recognitionSchema } from '../../common/api/recognition';
import { requireUser } from '../accounts/session-plugin';
import { authorize } from '../policies';
import { recognitionFigures } from './recognition';

/** GET /api/moderation/recognition: the reader's accuracy on real uploads (moderators only, policies.ts). */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/moderation/recognition',
    {
      schema: {
        tags: ['moderation'],
        summary: 'How well screenshots are read: totals, per game week, the confusions and the most corrected decks',
        description: 'Moderators only: 401 signed out, 403 for other accounts.',
        response: { 200: recognitionSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      authorize(user, 'moderation.recognition');
      return recognitionFigures(app.db);
    },
  );
};
