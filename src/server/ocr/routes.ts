import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../common/api/errors';
import { uploadImageResultSchema } from '../../common/api/uploads';
import { requireUser } from '../accounts/session-plugin';
import { HttpError } from '../http/errors';
import { readMultipartForm } from '../http/multipart-fields';
import { validateImage } from '../images/validate-image';
import { recordUnknownTiles } from '../cards/card-proposals';
import { createAttemptLimiter, rateLimitsOf } from '../http/rate-limits';
import { DEFAULT_HTTP_LIMITS } from '../http/limits';
import { keepReading } from '../readings/reading-store';
import { ocrHttpError, readOutcome, readerBusy } from './deck-reader';

const errors = { 400: errorSchema, 401: errorSchema, 413: errorSchema, 429: errorSchema, 503: errorSchema };

/** Screenshot reading (POST /api/uploadimage/): the cards and deck code of a deck image. */
export const ocrRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads in flight per account, on Redis when it is set, so the cap holds across web instances.
  const limiter = createAttemptLimiter(app, app.config.redisUrl);
  const readsPerAccount = rateLimitsOf(app.config).ocrReadsInFlightPerAccount;
  /** A read is given back when answered; this only bounds how long a count a dead process left lingers. */
  const holdMs = DEFAULT_HTTP_LIMITS.requestTimeoutMs + app.config.ocrReadTimeoutMs;

  app.post(
    '/uploadimage/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Read the deck code and cards of a deck screenshot (multipart field "image")',
        description: `At most ${readsPerAccount} reads per account at once: one more is answered 429 "busy" with Retry-After, and the others' uploads go on.`,
        consumes: ['multipart/form-data'],
        response: { 200: uploadImageResultSchema, ...errors },
      },
    },
    async (request, res) => {
      const user = requireUser(request);
      const ocr = app.ocr;
      if (!ocr) throw new HttpError(503, 'Reading deck images is not available right now. Please try again later.');
      // The account's own cap first: the one sending too many at once is answered busy, not the others.
      const giveBack = await limiter.reserve(
        res,
        [{ key: `ocr-reads-account:${user.id}`, max: readsPerAccount, windowMs: holdMs, isInFlight: true }],
        () => {
          app.metrics.ocrRead('busy', 0);
          return readerBusy();
        },
      );
      try {
        // Checked again by read(); this early answer just spares receiving an image we cannot read.
        if (await ocr.isFull()) {
          app.metrics.ocrRead('busy', 0);
          throw readerBusy();
        }
        const form = await readMultipartForm(request);
        const { bytes } = await validateImage(form.image);
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        const reading = await ocr.read(bytes).catch((error: unknown) => {
          app.metrics.ocrRead(readOutcome(error), seconds());
          throw ocrHttpError(error) ?? error;
        });
        const readMs = seconds() * 1000;
        app.metrics.ocrRead(readOutcome(null), readMs / 1000);
        // Side by side, as neither needs the other: cards the catalog lacks (each upload that shows one
        // counts for its proposal to the moderators), and the reading kept for the publish to follow.
        const [, readingId] = await Promise.all([
          recordUnknownTiles(app, bytes, reading.unknownCards ?? []),
          keepReading(app.db, app.images, { userId: user.id, image: bytes, readMs }, reading),
        ]);
        return {
          cards: reading.cards.map((c) => c.name),
          deck_code: reading.deck_code,
          detected: reading.cards,
          unmatchedNames: reading.unmatchedNames ?? 0,
          unknownCards: (reading.unknownCards ?? []).map(({ position, code, name }) => ({ position, code, name })),
          ...(readingId ? { readingId } : {}),
        };
      } finally {
        await giveBack();
      }
    },
  );
};
