// The upload flow's payloads, shared by the upload form and the server so
// both enforce the same rules with the same texts.
import { z } from 'zod';
import { DECK_SIZE, MIN_DECK_CARDS } from '../game';
import { MESSAGES } from '../messages';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../limits';
import {
  albumListSchema,
  cardCodeListSchema,
  cardNameListSchema,
  collectionListSchema,
  deckCodeSchema,
  tagListSchema,
} from './decks';

/** One card option of the review step: a catalog card and how well it fits what was read. */
export const cardCandidateSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** 0..1: how well the read text fits this card. */
  confidence: z.number(),
});
export type CardCandidate = z.infer<typeof cardCandidateSchema>;

export const detectedCardSchema = cardCandidateSchema.extend({
  /** Up to 5 other plausible cards, best first, for the user to pick when the reading was wrong. */
  alternatives: z.array(cardCandidateSchema).max(5),
});
export type DetectedCard = z.infer<typeof detectedCardSchema>;

/**
 * A tile whose name matches no card of the catalog: a card the game added since the list was
 * imported, with its printed code and name as read. The player may publish with it (after checking
 * both): it is then proposed to the moderators.
 */
export const unknownCardSchema = z.object({
  /** The tile's place in the grid, 0-based in reading order. */
  position: z.number().int().min(0),
  /** The printed code as read, or null when none could be read. */
  code: z.string().nullable(),
  name: z.string(),
});
export type UnknownCard = z.infer<typeof unknownCardSchema>;

/** Answer of POST /api/uploadimage/: `cards` and `deck_code` as the old client reads them, plus details. */
export const uploadImageResultSchema = z.object({
  /** Card names in deck order (at most 18). */
  cards: z.array(z.string()).max(DECK_SIZE),
  /** The in-game deck code read from the header, or null. */
  deck_code: z.string().nullable(),
  /** The same cards with code, confidence and alternatives. */
  detected: z.array(detectedCardSchema).max(DECK_SIZE),
  /**
   * Lines read that look like card names but match no card of the catalog. With no card detected,
   * a number above zero means the catalog lacks these cards, not that the image was unreadable.
   */
  unmatchedNames: z.number().int().min(0).optional(),
  /** Those tiles read as cards the catalog lacks, with the code and name printed on them. */
  unknownCards: z.array(unknownCardSchema).max(DECK_SIZE).optional(),
  /**
   * The stored reading of this upload (its image kept on the server for a day): send it back as
   * the `readingId` field of POST /api/decks/post/ instead of the image. Absent when nothing was read.
   */
  readingId: z.string().optional(),
});
export type UploadImageResult = z.infer<typeof uploadImageResultSchema>;

/**
 * The fields of POST /api/decks/post/ besides the image. The cards are checked against the
 * catalog on the server only; everything else is checked the same way on both sides.
 */
export const createDeckSchema = z
  .object({
    title: z
      .string({ error: MESSAGES.upload.titleRequired })
      .trim()
      .min(1, MESSAGES.upload.titleRequired)
      .max(MAX_TITLE_LENGTH, `The title can be at most ${MAX_TITLE_LENGTH} characters.`),
    description: z
      .string()
      .max(MAX_DESCRIPTION_LENGTH, `The description can be at most ${MAX_DESCRIPTION_LENGTH} characters.`)
      .default(''),
    albums: albumListSchema.default([]),
    collections: collectionListSchema.default([]),
    tags: tagListSchema.default([]),
    cards: cardNameListSchema
      .default([])
      .pipe(
        z
          .array(z.string())
          .min(MIN_DECK_CARDS, MESSAGES.upload.tooFewCards)
          .max(DECK_SIZE, `A deck has at most ${DECK_SIZE} cards.`),
      ),
    /**
     * The catalog code of each card, in the order of `cards`: the card the reader found or the user
     * picked, kept even when several cards share its name. Optional (older clients send names
     * only); an empty code lets the server pick the card by its name.
     */
    cardCodes: cardCodeListSchema.optional(),
    /**
     * Codes of `cardCodes` that are new cards, not in the catalog yet (read from the screenshot as
     * "not in the card list yet"): published with the name given and proposed to the moderators.
     */
    newCards: cardCodeListSchema.optional(),
    /** The in-game deck code; the literal 'null' or '' means none. */
    deckcode: deckCodeSchema.default(''),
  })
  .refine((deck) => deck.cardCodes === undefined || deck.cardCodes.length === deck.cards.length, {
    message: 'Send one card code per card, in the same order (an empty code to find the card by its name).',
    path: ['cardCodes'],
  })
  .refine((deck) => (deck.albums?.length ?? 0) + (deck.collections?.length ?? 0) + (deck.tags?.length ?? 0) > 0, {
    message: MESSAGES.upload.categoryRequired,
    path: ['categories'],
    // Checked even when other fields are wrong, so the form shows every missing thing at once.
    when: () => true,
  });
export type CreateDeckInput = z.input<typeof createDeckSchema>;
export type CreateDeck = z.output<typeof createDeckSchema>;

/** Largest accepted upload: 10 MB (the multipart limit of the server). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Decompression-bomb guard: a 50 KB PNG can claim 20000×20000 pixels (1.2 GB decoded). 40 MP is
 * far above any phone or tablet screenshot (a 4K screen is 8.3 MP).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Longest accepted width or height. Deck screenshots are 400–2000 px wide and up to about 3000
 * tall (a 1440×3200 phone); a 4K or 5K monitor capture stays inside too.
 */
export const MAX_IMAGE_SIDE = 8192;
/**
 * How many times its shorter side the longer side may be. A deck screenshot is portrait, about
 * 1:2 (1080×2400 phones are 1:2.2, the tallest phones 1:2.4), a crop of the card grid nearly
 * square, a desktop capture 16:9. A 1400×28500 strip passes the pixel cap but is no screenshot,
 * and reading it would cost seconds of work per upload.
 */
export const MAX_IMAGE_ASPECT_RATIO = 3;
/** WebP, the format every stored image is kept in, holds at most this many pixels on a side. */
export const WEBP_MAX_SIDE = 16383;
/** Image types accepted, judged by content on the server. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Where the upload modal fetches a sample deck screenshot made from the site's own catalog (PNG). */
export const SAMPLE_SCREENSHOT_PATH = '/api/uploads/sample-screenshot';
