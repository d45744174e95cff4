// How well the screenshot reader reads what players really upload (issue #36): the moderators'
// recognition page, from the readings kept at upload and what their uploaders published.
import { z } from 'zod';

/** The figures of a set of readings: all of them, or one game week's. */
export const recognitionFiguresSchema = z.object({
  /** Readings kept: every published one, and the unpublished ones of the last day (older ones are swept). */
  uploads: z.number().int().min(0),
  /** Readings a deck was published from. */
  published: z.number().int().min(0),
  /** Cards read in the published readings: the ones the players checked. */
  cardsRead: z.number().int().min(0),
  /** Of those, the cards published as another card: the reader's confusions. */
  cardsChanged: z.number().int().min(0),
  /** Published readings whose deck code was published other than read (or not read at all). */
  codesChanged: z.number().int().min(0),
  /** Median time from the image received to the reading answered, in ms; null without uploads. */
  medianReadMs: z.number().nullable(),
});
export type RecognitionFigures = z.infer<typeof recognitionFiguresSchema>;

const cardRefSchema = z.object({ code: z.string(), name: z.string() });

/** Answer of GET /api/moderation/recognition (moderators only). */
export const recognitionSchema = z.object({
  totals: recognitionFiguresSchema,
  /** Per game week of upload (its start, an ISO time: Monday 11:00 UTC), oldest first. */
  weekly: z.array(recognitionFiguresSchema.extend({ week: z.string() })),
  /** Card read → card published, most frequent first (at most MAX_CONFUSIONS). */
  confusions: z.array(z.object({ read: cardRefSchema, published: cardRefSchema, count: z.number().int().min(1) })),
  /** The decks whose reading was corrected most (cards changed, added or removed, and the code), at most MAX_MOST_CORRECTED. */
  mostCorrected: z.array(
    z.object({
      deckId: z.string(),
      title: z.string(),
      /** Cards changed, added or removed before publishing. */
      cardCorrections: z.number().int().min(0),
      codeChanged: z.boolean(),
    }),
  ),
});
export type Recognition = z.infer<typeof recognitionSchema>;

export const MAX_CONFUSIONS = 50;
export const MAX_MOST_CORRECTED = 10;

/** Share of the cards read that were published as read; null with no card read. */
export const cardAccuracy = (figures: Pick<RecognitionFigures, 'cardsRead' | 'cardsChanged'>): number | null =>
  figures.cardsRead > 0 ? 1 - figures.cardsChanged / figures.cardsRead : null;
