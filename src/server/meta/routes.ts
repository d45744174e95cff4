import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../common/api/errors';
import { metaCardsQuerySchema, metaCardsSchema, metaCategoriesSchema } from '../../common/api/meta';
import { startOfGameWeek } from '../../common/game';
import { findMetaCards, findMetaCategories } from './meta-store';
import { toMetaCard } from './meta-presenter';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cards',
    {
      config: { session: false },
      schema: {
        tags: ['meta'],
        summary:
          'The most played cards: share of decks overall and this week, change since last week, average deck score; filtered by album, collection and rarity',
        querystring: metaCardsQuerySchema,
        response: { 200: metaCardsSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const now = new Date();
      const { cards, totalCards, totals } = await findMetaCards(app.db, request.query, now);
      return {
        cards: cards.map((row) => toMetaCard(row, totals)),
        totalCards,
        totalDecks: totals.total,
        weekStart: startOfGameWeek(now).toISOString(),
      };
    },
  );

  app.get(
    '/categories',
    {
      config: { session: false },
      schema: {
        tags: ['meta'],
        summary: 'The most used albums, collections and tags, with the decks carrying each',
        response: { 200: metaCategoriesSchema },
      },
    },
    async () => findMetaCategories(app.db),
  );
};
