import { z } from 'zod';
import { MAX_CARD_CODE_LENGTH, MAX_CARD_LIST_LENGTH, MAX_CARD_LIST_LINES } from '../limits';

/** A card of the catalog as the API shows it; the web's pickers turn Name and Code into label and value. */
export const cardSchema = z.object({
  Name: z.string(),
  Code: z.string(),
  /** In the catalog list (the deck builder filters by it); the lookup by name leaves it out. */
  Rarity: z.string().optional(),
});
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.array(cardSchema);

/** A catalog card code in a path: letters and digits, e.g. `ACAL001`. */
export const cardCodeSchema = z
  .string()
  .min(1)
  .max(MAX_CARD_CODE_LENGTH, `A card code has at most ${MAX_CARD_CODE_LENGTH} characters`)
  .regex(/^[A-Za-z0-9]+$/, 'A card code has only letters and digits');
export const cardCodeParamsSchema = z.object({ code: cardCodeSchema });

/**
 * The shape of a card code the game prints: capitals then digits (`EES022`, `ACNO012`). The
 * catalog's import and a card proposed from a screenshot hold the same rule.
 */
export const CARD_CODE_PATTERN = /^[A-Z]{2,6}\d{1,4}$/;
export const isCardCode = (code: string): boolean => CARD_CODE_PATTERN.test(code);

/** How many of one game week's public decks hold the card. */
export const weekShareSchema = z.object({
  /** Decks of the week that hold the card. */
  decks: z.number().int(),
  /** All decks of the week. */
  totalDecks: z.number().int(),
  /** decks / totalDecks, 0 when the week has no deck. */
  rate: z.number(),
});
export type WeekShare = z.infer<typeof weekShareSchema>;

/** A card named beside another, with how many decks hold both. */
export const cardCountSchema = z.object({ code: z.string(), name: z.string(), decks: z.number().int() });

/** GET /api/cards/{code}: the card, how much it is played, and with what. */
export const cardPageSchema = z.object({
  code: z.string(),
  name: z.string(),
  rarity: z.string(),
  type: z.string(),
  /** Null when the card's collection is not one of the game's. */
  album: z.string().nullable(),
  collection: z.object({ code: z.string(), name: z.string().nullable() }),
  /** Public decks that hold the card. */
  decks: z.number().int(),
  /** All public decks. */
  totalDecks: z.number().int(),
  /** Since the most recent weekly reset (Monday 11:00 UTC), and the week before it. */
  thisWeek: weekShareSchema,
  lastWeek: weekShareSchema,
  /** When this week started (ISO-8601). */
  weekStart: z.string(),
  /** The cards most often in the same deck, counted over the card's newest decks. */
  playedWith: z.object({
    /** How many of the card's newest decks were counted. */
    sampleDecks: z.number().int(),
    cards: z.array(cardCountSchema),
  }),
});
export type CardPage = z.infer<typeof cardPageSchema>;

/** Body of POST /api/cards/parse-list: a deck pasted as text, one card a line (name, code, or both). */
export const parseCardListRequestSchema = z.object({
  text: z
    .string()
    .max(MAX_CARD_LIST_LENGTH, `A card list can be at most ${MAX_CARD_LIST_LENGTH} characters.`)
    .refine(
      (text) => text.split('\n').length <= MAX_CARD_LIST_LINES,
      `A card list can be at most ${MAX_CARD_LIST_LINES} lines.`,
    ),
});
export type ParseCardListRequest = z.infer<typeof parseCardListRequestSchema>;

/**
 * Answer of POST /api/cards/parse-list: the catalog card of each line that names one, in the order
 * of the lines (a card named twice is listed once), and the lines that name none.
 */
export const parseCardListResultSchema = z.object({
  /** `line` is the line as pasted (trimmed); `code` and `name` the catalog card it names. */
  cards: z.array(z.object({ line: z.string(), code: z.string(), name: z.string() })),
  /** Lines (trimmed) that name no card of the catalog. */
  unknown: z.array(z.string()),
});
export type ParseCardListResult = z.infer<typeof parseCardListResultSchema>;
