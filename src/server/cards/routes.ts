import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardListSchema, cardSchema } from '../../common/api/cards';
import { errorSchema } from '../../common/api/errors';
import { notFound } from '../http/errors';
import { findCardByName, listCards } from './card-store';

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['cards'], summary: 'The whole card catalog', response: { 200: cardListSchema } } }, async () => listCards(app.db));

  app.get(
    '/cardname/:name',
    {
      schema: {
        tags: ['cards'],
        summary: 'A card by name, ignoring accents, case and punctuation',
        params: z.object({ name: z.string().min(1).max(200) }),
        response: { 200: cardSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const card = await findCardByName(app.db, request.params.name);
      if (!card) throw notFound('No card of that name.');
      return card;
    },
  );
};
