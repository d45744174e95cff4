import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { deckSchema } from '../../common/api/decks';
import { errorSchema } from '../../common/api/errors';
import { createDeckSchema, uploadImageResultSchema } from '../../common/api/uploads';
import { requireUser } from '../accounts/session-plugin';
import { findDeck } from '../decks/deck-store';
import { HttpError, badRequest } from '../http/errors';
import { createDeck } from './create-deck';
import { listField, readMultipartForm, textField } from './multipart-fields';
import { ocrHttpError, readerBusy } from './ocr-service';
import { validateImage } from './validate-image';

const errors = { 400: errorSchema, 401: errorSchema, 413: errorSchema, 429: errorSchema, 503: errorSchema };

/** The first problem of a form, in the words the form itself shows (and the bad value, if any). */
function firstProblem(error: z.ZodError, input: Record<string, unknown>): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid form.';
  const [field, index] = issue.path;
  const list = typeof field === 'string' ? input[field] : undefined;
  if (typeof index === 'number' && Array.isArray(list)) return `${issue.message}: ${JSON.stringify(list[index])}.`;
  return issue.message;
}

/** Screenshot reading and deck publishing (POST /api/uploadimage/, POST /api/decks/post/). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploadimage/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Read the deck code and cards of a deck screenshot (multipart field "image")',
        consumes: ['multipart/form-data'],
        response: { 200: uploadImageResultSchema, ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      const ocr = app.ocr;
      if (!ocr) throw new HttpError(503, 'Reading deck images is not available right now. Please try again later.');
      // Checked again by read(); this early answer just spares receiving an image we cannot read.
      if (ocr.isFull) throw readerBusy();
      const form = await readMultipartForm(request);
      const { bytes } = await validateImage(form.image);
      try {
        const reading = await ocr.read(bytes);
        return { cards: reading.cards.map((c) => c.name), deck_code: reading.deck_code, detected: reading.cards };
      } catch (error) {
        throw ocrHttpError(error) ?? error;
      }
    },
  );

  app.post(
    '/decks/post/',
    {
      schema: {
        tags: ['decks', 'uploads'],
        summary: 'Publish a deck: image, title, albums, collections, tags, description, cards, deckcode (multipart)',
        consumes: ['multipart/form-data'],
        response: { 201: deckSchema, ...errors },
      },
    },
    async (request, res) => {
      const user = requireUser(request);
      const form = await readMultipartForm(request);
      // The image first, as the form checks it first (SPEC.md §5).
      const { bytes } = await validateImage(form.image);
      // `user` and `email` of the old client are ignored: the deck belongs to the session's user.
      const input = {
        title: textField(form, 'title'),
        description: textField(form, 'description'),
        albums: listField(form, 'albums'),
        collections: listField(form, 'collections'),
        tags: listField(form, 'tags'),
        cards: listField(form, 'cards'),
        deckcode: textField(form, 'deckcode'),
      };
      const parsed = createDeckSchema.safeParse(input);
      if (!parsed.success) throw badRequest(firstProblem(parsed.error, input));
      const id = await createDeck(app, user.id, bytes, parsed.data);
      app.deckReads.evictPages();
      const deck = await findDeck(app.db, id);
      if (!deck) throw new Error('the new deck vanished');
      return res.status(201).send(deck);
    },
  );
};
