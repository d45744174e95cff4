import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardCodeParamsSchema,
  cardListSchema,
  cardPageSchema,
  cardSchema,
  parseCardListRequestSchema,
  parseCardListResultSchema,
} from '../../common/api/cards';
import { decksPageSchema } from '../../common/api/decks';
import { pageQuerySchema } from '../../common/api/pagination';
import { errorSchema } from '../../common/api/errors';
import { notFound } from '../http/errors';
import { findCardByName, listCards } from './card-store';
import { findCardDecks, findCardPage } from './card-stats';
import { catalogIndexOf } from '../ocr/catalog/catalog-index-cache';
import { parseCardList } from '../ocr/catalog/parse-card-list';

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['cards'], summary: 'The whole card catalog', response: { 200: cardListSchema } } },
    async () => listCards(app.db),
  );

  app.post(
    '/parse-list',
    {
      config: { session: false },
      schema: {
        tags: ['cards'],
        summary:
          'A deck pasted as text (one card a line: name, code or both), matched against the catalog like a screenshot reading (a few lines per event-loop turn)',
        body: parseCardListRequestSchema,
        response: { 200: parseCardListResultSchema, 400: errorSchema },
      },
    },
    async (request) => parseCardList(await catalogIndexOf(app.db).get(), request.body.text),
  );

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

  app.get(
    '/:code',
    {
      config: { session: false },
      schema: {
        tags: ['cards'],
        summary:
          "A card's page: the catalog card, how many public decks hold it (overall, this week and last week), and the cards most often played with it",
        params: cardCodeParamsSchema,
        response: { 200: cardPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const page = await findCardPage(app.db, request.params.code);
      if (!page) throw notFound('No card with that code.');
      return page;
    },
  );

  app.get(
    '/:code/decks',
    {
      config: { session: false },
      schema: {
        tags: ['cards'],
        summary: 'The public decks holding the card, highest score first, a page at a time',
        params: cardCodeParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: decksPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const page = await findCardDecks(app.db, request.params.code, request.query, app.deckIndex);
      if (!page) throw notFound('No card with that code.');
      return page;
    },
  );
};
