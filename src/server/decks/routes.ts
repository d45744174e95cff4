import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  curatedRequestSchema,
  curatedResultSchema,
  deckIdParamsSchema,
  deckSchema,
  decksPageSchema,
  editDeckSchema,
  searchRequestSchema,
  usernameParamsSchema,
  voteRequestSchema,
  voteResultSchema,
} from '../../common/api/decks';
import { errorSchema } from '../../common/api/errors';
import { pageQuerySchema } from '../../common/api/pagination';
import { requireUser } from '../accounts/session-plugin';
import { authorize } from '../policies';
import { notFound } from '../http/errors';
import { findUserByUsername } from '../accounts/user-store';
import { changeVote, deleteDeck, findDeck, findDeckOwner, searchDecks, updateDeck } from './deck-store';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const deckRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every write below evicts, once it has committed, what it changed from app.deckReads, so this
  // process never serves a stale copy.
  /** A string answer is sent as it is: deckReads validated each deck against deckSchema when it kept it. */
  const sendJson = (res: FastifyReply, json: string) => res.type('application/json; charset=utf-8').send(json as never);

  app.get(
    '/:username',
    { schema: { tags: ['decks'], summary: "A user's decks, newest first", params: usernameParamsSchema, querystring: pageQuerySchema, response: { 200: decksPageSchema, ...errors } } },
    async (request, res) => {
      const user = await findUserByUsername(app.db, request.params.username);
      if (!user) throw notFound('No such user.');
      return sendJson(res, await app.deckReads.pageJson({ user: user.username }, request.query));
    },
  );

  app.get(
    '/onedeck/:id',
    // The same deck for everyone (votes are listed by name, not marked for the caller).
    { config: { session: false }, schema: { tags: ['decks'], summary: 'One deck', params: deckIdParamsSchema, response: { 200: deckSchema, ...errors } } },
    async (request, res) => {
      const json = await app.deckReads.deckJson(request.params.id);
      if (!json) throw notFound('No such deck.');
      return sendJson(res, json);
    },
  );

  app.post(
    '/onedeck/:id',
    {
      schema: {
        tags: ['decks'],
        summary: "Add or remove the caller's own upvote",
        params: deckIdParamsSchema,
        body: voteRequestSchema,
        response: { 200: voteResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await findDeckOwner(app.db, request.params.id))) throw notFound('No such deck.');
      await changeVote(app.db, request.params.id, user.id, request.body.change);
      app.deckReads.evictDeck(request.params.id);
      const deck = await findDeck(app.db, request.params.id);
      if (!deck) throw notFound('No such deck.');
      return { _id: deck._id, score: deck.score, voters: deck.voters };
    },
  );

  app.post(
    '/search-decks',
    {
      schema: {
        tags: ['decks'],
        summary: 'Decks containing ALL the selected albums, collections, tags and cards',
        querystring: pageQuerySchema,
        body: searchRequestSchema.nullish(),
        response: { 200: decksPageSchema, ...errors },
      },
    },
    async (request, res) => sendJson(res, await app.deckReads.pageJson(request.body ?? {}, request.query)),
  );

  app.post(
    '/get-curated',
    { schema: { tags: ['decks'], summary: "The curator's decks", body: curatedRequestSchema.nullish(), response: { 200: curatedResultSchema, ...errors } } },
    async (request) => {
      const username = request.body?.user || app.config.curatorUsername;
      const { decks } = await searchDecks(app.db, { user: username }, { page: 1, limit: 1000 });
      return { decks };
    },
  );

  app.post(
    '/editdeck/:id',
    { schema: { tags: ['decks'], summary: 'Edit your own deck', params: deckIdParamsSchema, body: editDeckSchema, response: { 200: deckSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      authorize(user, 'deck.edit', owner);
      await updateDeck(app.db, request.params.id, request.body);
      app.deckReads.evictDeck(request.params.id);
      app.deckReads.evictPages();
      return (await findDeck(app.db, request.params.id))!;
    },
  );

  app.delete(
    '/deleteone/:id',
    { schema: { tags: ['decks'], summary: 'Delete your own deck and its image', params: deckIdParamsSchema, response: { 200: z.object({ _id: z.string() }), ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      authorize(user, 'deck.delete', owner);
      await deleteDeck(app.db, owner.id);
      app.deckReads.evictDeck(owner.id);
      app.deckReads.evictPages();
      // The row goes first: a file left behind by a crash here is swept at start-up.
      const key = app.images.keyOfUrl(owner.image);
      if (key) await app.images.delete(key);
      return { _id: owner.id };
    },
  );
};
