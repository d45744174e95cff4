import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../common/api/errors';
import { uploadImageResultSchema } from '../../common/api/uploads';
import { requireUser } from '../accounts/session-plugin';
import { HttpError } from '../http/errors';
import { readMultipartForm } from '../http/multipart-fields';
import { validateImage } from '../images/validate-image';
import { ocrHttpError, readOutcome, readerBusy } from './deck-reader';

const errors = { 400: errorSchema, 401: errorSchema, 413: errorSchema, 429: errorSchema, 503: errorSchema };

/** Screenshot reading (POST /api/uploadimage/): the cards and deck code of a deck image. */
export const ocrRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (await ocr.isFull()) {
        app.metrics.ocrRead('busy', 0);
        throw readerBusy();
      }
      const form = await readMultipartForm(request);
      const { bytes } = await validateImage(form.image);
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const reading = await ocr.read(bytes);
        app.metrics.ocrRead(readOutcome(null), seconds());
        return { cards: reading.cards.map((c) => c.name), deck_code: reading.deck_code, detected: reading.cards, unmatchedNames: reading.unmatchedNames ?? 0 };
      } catch (error) {
        app.metrics.ocrRead(readOutcome(error), seconds());
        throw ocrHttpError(error) ?? error;
      }
    },
  );
};
