import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  curatedRequestSchema,
  curatedResultSchema,
  deckIdParamsSchema,
  deckSchema,
  decksPageSchema,
  deckVersionsSchema,
  editDeckSchema,
  searchRequestSchema,
  similarDecksSchema,
  similarRequestSchema,
  usernameParamsSchema,
  voteRequestSchema,
  voteResultSchema,
  type Deck,
} from '../../common/api/decks';
import { deckAsText } from '../../common/deck-text';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { pageQuerySchema, searchPageQuerySchema } from '../../common/api/pagination';
import { createDeckSchema } from '../../common/api/uploads';
import { requireUser, viewerOf } from '../accounts/session-plugin';
import { authorize, authorizeSeeing, can } from '../policies';
import { badRequest, gone, notFound } from '../http/errors';
import { listField, readMultipartForm, textField } from '../http/multipart-fields';
import { validateImage } from '../images/validate-image';
import { compareReading } from '../readings/reading-outcome';
import { publishableReading, recordPublishOutcome } from '../readings/reading-store';
import { createAttemptLimiter, rateLimitsOf } from '../http/rate-limits';
import { findUserByUsername } from '../accounts/user-store';
import { findDeck, findDeckCardLists, findDeckOwner, searchDecks } from './deck-store';
import { toDeckVersions } from './deck-versions';
import { editDeck, publishDeck, removeDeck, voteOnDeck } from './deck-writes';
import { deckCardCodes, findDecksWithCode, findSimilarDecks, type SimilarDeckRow } from './similar-decks';
import { toSimilarDeck } from './deck-presenter';
import { reservePublish } from './publish-limits';
import { builtDeckCards } from './built-deck';
import { renderDeckImage } from '../demo/render-deck-image';

const similarAnswer = (cardCount: number, rows: SimilarDeckRow[]) => ({ cardCount, decks: rows.map(toSimilarDeck) });

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const formErrors = { 400: errorSchema, 401: errorSchema, 413: errorSchema, 429: errorSchema };

/** The first problem of a form, in the words the form itself shows (and the bad value, if any). */
function firstProblem(error: z.ZodError, input: Record<string, unknown>): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid form.';
  const [field, index] = issue.path;
  const list = typeof field === 'string' ? input[field] : undefined;
  if (typeof index === 'number' && Array.isArray(list)) return `${issue.message}: ${JSON.stringify(list[index])}.`;
  return issue.message;
}

export const deckRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A deck missing from the decks everyone sees: a hidden one, shown (marked) to its author and moderators only. */
  const hiddenDeck = async (request: FastifyRequest, id: string): Promise<Deck> => {
    const owner = await findDeckOwner(app.db, id);
    if (!owner) throw notFound('No such deck.');
    authorizeSeeing(await viewerOf(request), owner, 'No such deck.');
    return (await findDeck(app.db, id))!;
  };
  const limiter = createAttemptLimiter(app, app.config.redisUrl);
  const limits = rateLimitsOf(app.config);
  // Every write goes through deck-writes.ts, which evicts what it changed from app.deckReads once it
  // has committed, so this process never serves a stale copy.
  /** A string answer is sent as it is: deckReads validated each deck against deckSchema when it kept it. */
  const sendJson = (res: FastifyReply, json: string) => res.type('application/json; charset=utf-8').send(json);

  app.get(
    '/:username',
    {
      schema: {
        tags: ['decks'],
        summary: "A user's decks, newest first",
        params: usernameParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: decksPageSchema, ...errors },
      },
    },
    async (request, res) => {
      const user = await findUserByUsername(app.db, request.params.username);
      if (!user) throw notFound('No such user.');
      // The author (and a moderator) also sees the decks a moderator hid, marked: read past the cache, which holds only what everyone sees.
      if (can(request.user, 'decks.listHidden', user)) {
        return searchDecks(app.db, { user: user.username }, request.query, new Date(), 'with-hidden');
      }
      return sendJson(res, await app.deckReads.pageJson({ user: user.username }, request.query));
    },
  );

  app.get(
    '/onedeck/:id',
    // The same deck for everyone (votes are listed by name, not marked for the caller).
    {
      config: { session: false },
      schema: {
        tags: ['decks'],
        summary: 'One deck',
        params: deckIdParamsSchema,
        response: { 200: deckSchema, ...errors },
      },
    },
    async (request, res) => {
      const json = await app.deckReads.deckJson(request.params.id);
      if (json) return sendJson(res, json);
      return hiddenDeck(request, request.params.id);
    },
  );

  app.get(
    '/onedeck/:id/text',
    {
      config: { session: false },
      schema: {
        tags: ['decks'],
        summary:
          'One deck as text: "Deck code: …" first when it has one, then one card a line, "Name (CODE)" (POST /api/cards/parse-list reads it back)',
        params: deckIdParamsSchema,
        produces: ['text/plain'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, res) => {
      const json = await app.deckReads.deckJson(request.params.id);
      const deck = json ? deckSchema.parse(JSON.parse(json)) : await hiddenDeck(request, request.params.id);
      return res.type('text/plain; charset=utf-8').send(deckAsText(deck));
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
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      authorizeSeeing(user, owner, 'No such deck.');
      await voteOnDeck(app, request.params.id, user.id, request.body.change);
      const deck = await findDeck(app.db, request.params.id);
      if (!deck) throw notFound('No such deck.');
      return { _id: deck._id, score: deck.score, voters: deck.voters };
    },
  );

  app.get(
    '/onedeck/:id/similar',
    {
      config: { session: false },
      schema: {
        tags: ['decks'],
        summary: 'Public decks sharing at least 12 cards with this deck, most shared first',
        params: deckIdParamsSchema,
        response: { 200: similarDecksSchema, ...errors },
      },
    },
    async (request) => {
      // A hidden deck's similar decks are as missing as the deck, for all but its author and moderators.
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      if (owner.hidden_at !== null) authorizeSeeing(await viewerOf(request), owner, 'No such deck.');
      const codes = await deckCardCodes(app.db, request.params.id);
      if (!codes) throw notFound('No such deck.');
      return similarAnswer(codes.length, await findSimilarDecks(app.db, codes, request.params.id, app.deckIndex));
    },
  );

  app.get(
    '/onedeck/:id/versions',
    {
      config: { session: false },
      schema: {
        tags: ['decks'],
        summary: "A deck's card lists, newest first, each with the cards added and removed from the one before",
        params: deckIdParamsSchema,
        response: { 200: deckVersionsSchema, ...errors },
      },
    },
    async (request) => {
      // A hidden deck's history is as missing as the deck, for all but its author and moderators.
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      if (owner.hidden_at !== null) authorizeSeeing(await viewerOf(request), owner, 'No such deck.');
      return { versions: toDeckVersions(await findDeckCardLists(app.db, request.params.id)) };
    },
  );

  app.post(
    '/similar',
    {
      config: { session: false },
      schema: {
        tags: ['decks', 'uploads'],
        summary:
          'Public decks sharing at least 12 of the given cards (by catalog code), most shared first, and those with the given deck code: the upload review and the builder ask before publishing a near-copy',
        body: similarRequestSchema,
        response: { 200: similarDecksSchema, ...errors },
      },
    },
    async (request) => {
      const codes = [...new Set(request.body.cardCodes)];
      const [similar, sameCode] = await Promise.all([
        findSimilarDecks(app.db, codes, undefined, app.deckIndex),
        findDecksWithCode(app.db, request.body.deckcode ?? ''),
      ]);
      const answer = similarAnswer(codes.length, similar);
      if (request.body.deckcode === undefined) return answer;
      return {
        ...answer,
        sameCode: sameCode.map((deck) => ({ _id: deck.id, title: deck.title, user: deck.username })),
      };
    },
  );

  app.post(
    '/search-decks',
    {
      schema: {
        tags: ['decks'],
        summary:
          'Decks containing ALL the selected albums, collections, tags and cards and NONE of the excluded albums, tags and cards, within the date window',
        querystring: searchPageQuerySchema,
        body: searchRequestSchema.nullish(),
        response: { 200: decksPageSchema, ...errors },
      },
    },
    async (request, res) => sendJson(res, await app.deckReads.pageJson(request.body ?? {}, request.query)),
  );

  app.post(
    '/get-curated',
    {
      schema: {
        tags: ['decks'],
        summary: "The curator's decks",
        body: curatedRequestSchema.nullish(),
        response: { 200: curatedResultSchema, ...errors },
      },
    },
    async (request) => {
      const username = request.body?.user || app.config.curatorUsername;
      const { decks } = await searchDecks(app.db, { user: username }, { page: 1, limit: 1000 });
      return { decks };
    },
  );

  app.post(
    '/editdeck/:id',
    {
      schema: {
        tags: ['decks'],
        summary: 'Edit your own deck: title, categories, description, and correct its cards and deck code',
        description:
          'A correction of `cards` (with `cardCodes`) sends all 18, each once, checked against the catalog like a publish; the earlier list is kept (GET /api/decks/onedeck/{id}/versions). A moderator may correct the cards and code of any deck.',
        params: deckIdParamsSchema,
        body: editDeckSchema,
        response: { 200: deckSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      // A hidden deck is missing (404) for others, not forbidden (403), or the answer tells it exists.
      authorizeSeeing(user, owner, 'No such deck.');
      // A moderator may correct a deck's cards and code, not what its author wrote.
      const { title, description, albums, collections, tags } = request.body;
      const authored = [title, description, albums, collections, tags].some((value) => value !== undefined);
      authorize(user, authored ? 'deck.edit' : 'deck.correct', owner);
      await editDeck(app, request.params.id, request.body);
      return (await findDeck(app.db, request.params.id))!;
    },
  );

  app.delete(
    '/deleteone/:id',
    {
      schema: {
        tags: ['decks'],
        summary: 'Delete your own deck and its image',
        params: deckIdParamsSchema,
        response: { 200: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const owner = await findDeckOwner(app.db, request.params.id);
      if (!owner) throw notFound('No such deck.');
      authorizeSeeing(user, owner, 'No such deck.');
      authorize(user, 'deck.delete', owner);
      await removeDeck(app, owner);
      return { _id: owner.id };
    },
  );

  app.post(
    '/post/',
    {
      schema: {
        tags: ['decks', 'uploads'],
        summary:
          "Publish a deck: image, title, albums, collections, tags, description, cards, cardCodes, newCards, deckcode (multipart). Without an image, 18 distinct cardCodes (cards optional): the server draws the deck's image. `newCards` names codes of `cardCodes` the catalog lacks (read from the screenshot as not in the card list yet): they are published with their names and proposed to the moderators",
        description: `At most ${limits.publishesPerAccount} decks per account and ${limits.publishesPerIp} per client within ${limits.publishWindowMs / 60_000} minutes: 429 past that (a refused form does not count). A \`readingId\` from POST /api/uploadimage/ replaces the image (stored at the upload); 410 when that reading is gone (swept after a day, published already, or another account's): send the image instead.`,
        consumes: ['multipart/form-data'],
        response: { 201: deckSchema, ...formErrors, 410: errorSchema },
      },
    },
    async (request, res) => {
      const user = requireUser(request);
      const form = await readMultipartForm(request);
      // A reading's image was checked and stored at its upload; without any image, a deck built in
      // /decks/new: 18 card codes, drawn into an image below. Otherwise the image first, as the upload form checks it first.
      const readingId = textField(form, 'readingId');
      const reading = readingId ? await publishableReading(app.db, readingId, user.id) : null;
      // 410 Gone, its own status, so the upload form knows to send the image itself instead.
      if (readingId && !reading) throw gone(MESSAGES.upload.readingUnavailable);
      const built = !reading && form.image === null && form.fields.has('cardCodes');
      const stored = reading ? { storedKey: reading.imageKey } : built ? null : (await validateImage(form.image)).bytes;
      const cardFields = { cards: listField(form, 'cards'), cardCodes: listField(form, 'cardCodes') };
      // `user` and `email` of the old client are ignored: the deck belongs to the session's user.
      const input = {
        title: textField(form, 'title'),
        description: textField(form, 'description'),
        albums: listField(form, 'albums'),
        collections: listField(form, 'collections'),
        tags: listField(form, 'tags'),
        ...(built ? await builtDeckCards(app.db, cardFields) : cardFields),
        newCards: listField(form, 'newCards'),
        deckcode: textField(form, 'deckcode'),
      };
      const parsed = createDeckSchema.safeParse(input);
      if (!parsed.success) throw badRequest(firstProblem(parsed.error, input));
      const giveBack = await reservePublish(limiter, limits, request, res, user.id);
      let id: string;
      try {
        const image =
          stored ??
          (await renderDeckImage(
            parsed.data.title,
            parsed.data.cards.map((name, i) => ({ name, code: parsed.data.cardCodes?.[i] ?? null })),
          ));
        id = await publishDeck(app, user.id, image, parsed.data);
      } catch (error) {
        // Not stored: the attempt does not count against the author.
        await giveBack();
        throw error;
      }
      const deck = await findDeck(app.db, id);
      if (!deck) throw new Error('the new deck vanished');
      if (reading) {
        const published = (deck.cardList ?? []).map((card) => ({ name: card.name, code: card.code ?? '' }));
        const outcome = compareReading(
          { cards: reading.tiles.map(({ code, name }) => ({ code, name })), deckCode: reading.deckCode },
          { cards: published, deckCode: deck.deckcode },
        );
        await recordPublishOutcome(app.db, reading.id, id, outcome);
      }
      return res.status(201).send(deck);
    },
  );
};
