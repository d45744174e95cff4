import { z } from 'zod';
import { ALBUM_NAMES, COLLECTION_CODES, TAG_NAMES } from '../game';

/** Deck ids are 24 hex digits, like the ids of the site we replace. */
export const deckIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Unknown deck id');
export const deckIdParamsSchema = z.object({ id: deckIdSchema });

/** A list sent either as a JSON array or as a JSON-encoded string of one (SPEC.md §7 edit call). */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(item).max(200));
}

const albumValue = z.string().refine((v) => ALBUM_NAMES.includes(v), { message: 'Unknown album' });
const collectionValue = z.string().refine((v) => COLLECTION_CODES.includes(v), { message: 'Unknown collection' });
const tagValue = z.string().refine((v) => TAG_NAMES.includes(v), { message: 'Unknown tag' });
const cardName = z.string().trim().min(1).max(120);
/** A catalog card code, e.g. `ACAL001`; '' stands for "not known, find the card by its name". */
const cardCode = z.string().trim().max(16, 'A card code has at most 16 characters');

export const albumListSchema = listOf(albumValue);
export const collectionListSchema = listOf(collectionValue);
export const tagListSchema = listOf(tagValue);
export const cardNameListSchema = listOf(cardName);
export const cardCodeListSchema = listOf(cardCode);

/** A deck as every deck answer shows it (SPEC.md §3). */
export const deckSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The in-game deck code; the literal 'null' or '' means none. */
  deckcode: z.string(),
  /** The author's username. */
  user: z.string(),
  /** `/upload/{key}`; `/upload/w_{width}/{key}` serves a resized copy. */
  image: z.string(),
  description: z.string(),
  /** Card names in deck order. */
  cards: z.array(z.string()),
  /**
   * The same cards with the exact catalog card published (several cards may share a name); code
   * null for a deck published before codes were kept. Always sent by this server; optional so
   * answers saved by older versions still parse.
   */
  cardList: z.array(z.object({ name: z.string(), code: z.string().nullable() })).optional(),
  albums: z.array(z.string()),
  /** Collection codes, e.g. `ACAL`. */
  collections: z.array(z.string()),
  tags: z.array(z.string()),
  /** Number of upvotes; always the length of `voters`. */
  score: z.number().int(),
  /** Usernames of the users who upvoted. */
  voters: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deck = z.infer<typeof deckSchema>;

export const decksPageSchema = z.object({ decks: z.array(deckSchema), totalDecks: z.number().int() });
export type DecksPage = z.infer<typeof decksPageSchema>;

/** Body of POST /api/decks/search-decks: a deck must contain ALL the selected values. */
export const searchRequestSchema = z.object({
  albums: albumListSchema.default([]),
  collections: collectionListSchema.default([]),
  tags: tagListSchema.default([]),
  cards: cardNameListSchema.default([]),
  /** Only decks by this username. */
  user: z.string().max(64).optional(),
  /** 'score' sorts by upvotes, highest first; anything else is newest first. */
  sortBy: z.string().max(32).optional(),
  /** Only decks created since the most recent weekly reset (Monday 11:00 UTC). */
  restricted: z.boolean().optional(),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

/** Body of POST /api/decks/editdeck/{id}; `user` and `email` of the old client are ignored. */
export const editDeckSchema = z.object({
  title: z.string().trim().min(1).max(120).optional(),
  albums: albumListSchema.optional(),
  collections: collectionListSchema.optional(),
  tags: tagListSchema.optional(),
  description: z.string().max(5000).optional(),
});
export type EditDeck = z.input<typeof editDeckSchema>;

/** Body of POST /api/decks/onedeck/{id}: only the caller's own vote changes. */
export const voteRequestSchema = z.object({
  /** Ignored: the server knows who is asking. Kept for the old client. */
  voters: z.array(z.string()).optional(),
  change: z.enum(['increase', 'decrease']),
});
export const voteResultSchema = z.object({ _id: z.string(), score: z.number().int(), voters: z.array(z.string()) });

export const curatedRequestSchema = z.object({ user: z.string().max(64).optional() });
export const curatedResultSchema = z.object({ decks: z.array(deckSchema) });

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });
