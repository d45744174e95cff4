import { z } from 'zod';
import { ALBUM_NAMES, COLLECTION_CODES, DECK_SIZE, TAG_NAMES } from '../game';
import { cardCodeSchema } from './cards';
import { isStorableText, normalizeName, UNSTORABLE_TEXT_MESSAGE } from '../text';
import { MESSAGES } from '../messages';
import {
  MAX_CARD_CODE_LENGTH,
  MAX_CARD_NAME_LENGTH,
  MAX_DECK_CODE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_LIST_VALUES,
  MAX_SEARCH_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_USERNAME_PARAM_LENGTH,
} from '../limits';

/** Deck ids are 24 hex digits, like the ids of the site we replace. */
export const deckIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Unknown deck id');
export const deckIdParamsSchema = z.object({ id: deckIdSchema });

/**
 * A list sent either as a JSON array or as a JSON-encoded string of one (a multipart publish form can only send strings).
 * A JSON-encoded string may spell a NUL or a lone surrogate as an escape, which the server's check of raw request text
 * (http/text-guard.ts) cannot see: the decoded values are checked here.
 */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z
      .array(item)
      .max(MAX_LIST_VALUES)
      .refine(
        (values) => values.every((value) => typeof value !== 'string' || isStorableText(value)),
        UNSTORABLE_TEXT_MESSAGE,
      ),
  );
}

// Enums rather than refinements, so the OpenAPI document lists every accepted value.
const albumValue = z.enum(ALBUM_NAMES, { error: 'Unknown album' });
const collectionValue = z.enum(COLLECTION_CODES, { error: 'Unknown collection' });
const tagValue = z.enum(TAG_NAMES, { error: 'Unknown tag' });
const cardName = z.string().trim().min(1).max(MAX_CARD_NAME_LENGTH);
/** A catalog card code, e.g. `ACAL001`; '' stands for "not known, find the card by its name". */
const cardCode = z
  .string()
  .trim()
  .max(MAX_CARD_CODE_LENGTH, `A card code has at most ${MAX_CARD_CODE_LENGTH} characters`);

/**
 * The in-game deck code as a player types or the reader reads it: letters and digits (the game
 * prints six, e.g. UH42XD), '' for none. The old client's literal 'null' is letters too.
 */
export const deckCodeSchema = z
  .string()
  .trim()
  .max(MAX_DECK_CODE_LENGTH, MESSAGES.upload.deckCodeTooLong(MAX_DECK_CODE_LENGTH))
  .regex(/^[A-Za-z0-9]*$/, MESSAGES.upload.deckCodeCharacters);

export const albumListSchema = listOf(albumValue);
export const collectionListSchema = listOf(collectionValue);
export const tagListSchema = listOf(tagValue);
export const cardNameListSchema = listOf(cardName);
export const cardCodeListSchema = listOf(cardCode);

/** A deck as every deck answer shows it. */
export const deckSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The in-game deck code; the literal 'null' or '' means none. */
  deckcode: z.string(),
  /** The author's username. */
  user: z.string(),
  /** `/upload/{key}`; `/upload/w_{width}/{key}` serves a resized copy. */
  image: z.string(),
  /** As the author typed it: the comments' Markdown subset. */
  description: z.string(),
  /**
   * The description as safe HTML (the comments' subset, `[[Card]]` mentions linked), rendered when
   * written. Always sent by this server; optional so answers saved by older versions still parse.
   */
  descriptionHtml: z.string().optional(),
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
  /** Present (true) only in answers to the author or a moderator: a moderator hid the deck, nobody else sees it. */
  isHidden: z.literal(true).optional(),
});
export type Deck = z.infer<typeof deckSchema>;

export const decksPageSchema = z.object({ decks: z.array(deckSchema), totalDecks: z.number().int() });
export type DecksPage = z.infer<typeof decksPageSchema>;

/** The orders of a search. */
export const SORT_KEYS = ['newest', 'score'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * The date window of a search: 'week' since the most recent weekly reset (as `restricted`), '30d'
 * the last 30 days, 'all' (the default) any time.
 */
export const SEARCH_WINDOWS = ['week', '30d', 'all'] as const;
export type SearchWindow = (typeof SEARCH_WINDOWS)[number];

/**
 * The web client of the site this one replaces sends `null` for a filter left out (and its own
 * truthy values and column names, below); its search and "Top Decks This Week" must keep working.
 */
const nullAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema);

/** Body of POST /api/decks/search-decks: a deck must contain ALL the selected values and NONE of the excluded ones. */
export const searchRequestSchema = z.object({
  albums: nullAsAbsent(albumListSchema.default([])),
  collections: nullAsAbsent(collectionListSchema.default([])),
  tags: nullAsAbsent(tagListSchema.default([])),
  cards: nullAsAbsent(cardNameListSchema.default([])),
  /** Only decks by this username. */
  user: nullAsAbsent(z.string().max(MAX_USERNAME_PARAM_LENGTH).optional()),
  /**
   * 'score': most upvotes first; 'newest' (the default): newest first. Any other value (the old
   * client sends a column name) sorts as the default rather than failing the search.
   */
  sortBy: z.preprocess(
    (value) => (SORT_KEYS.includes(value as SortKey) ? value : undefined),
    z.enum(SORT_KEYS).optional(),
  ),
  /**
   * Only decks created since the most recent weekly reset (Monday 11:00 UTC). Read as the old client
   * meant it: any truthy value (`"yes"`, 1) is on, `null` is absent.
   */
  restricted: z.preprocess((value) => (value == null ? undefined : Boolean(value)), z.boolean().optional()),
  /** Leave out decks with ANY of these albums. */
  excludeAlbums: nullAsAbsent(albumListSchema.default([])),
  /** Leave out decks with ANY of these tags. */
  excludeTags: nullAsAbsent(tagListSchema.default([])),
  /** Leave out decks with ANY of these cards (names): "without these cards". */
  excludeCards: nullAsAbsent(cardNameListSchema.default([])),
  /** Only decks created within this window; with `restricted` too, the narrower one counts. */
  window: z.enum(SEARCH_WINDOWS, { error: 'Unknown window: use week, 30d or all' }).optional(),
  /**
   * Words of the title, the deck code or the author's username, accents and case ignored: a deck
   * must hold every word, the last one possibly only begun ("drag" finds "Dragons"). Punctuation
   * separates words and is never query syntax; a text without any letter or digit filters nothing.
   */
  text: nullAsAbsent(
    z
      .string()
      .trim()
      .max(MAX_SEARCH_TEXT_LENGTH, `A search text has at most ${MAX_SEARCH_TEXT_LENGTH} characters`)
      .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
      .optional(),
  ),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;
/** A search as the server runs it; every field may be left out. */
export type DeckFilters = Partial<z.output<typeof searchRequestSchema>>;

/** Body of POST /api/decks/editdeck/{id}; `user` and `email` of the old client are ignored. */
export const editDeckSchema = z
  .object({
    title: z.string().trim().min(1).max(MAX_TITLE_LENGTH).optional(),
    albums: albumListSchema.optional(),
    collections: collectionListSchema.optional(),
    tags: tagListSchema.optional(),
    description: z.string().max(MAX_DESCRIPTION_LENGTH).optional(),
    /**
     * A correction of the cards (a misread deck): all 18, each once, checked against the catalog
     * like a publish. The earlier list is kept as a version (GET /api/decks/onedeck/{id}/versions).
     */
    cards: cardNameListSchema
      .pipe(z.array(z.string()).length(DECK_SIZE, MESSAGES.upload.editNeedsFullDeck))
      .refine((names) => new Set(names.map(normalizeName)).size === names.length, MESSAGES.upload.editDuplicateCards)
      .optional(),
    /** The catalog code of each card, in the order of `cards` ('' finds the card by its name). */
    cardCodes: cardCodeListSchema.optional(),
    /** The in-game deck code; '' means none. */
    deckcode: deckCodeSchema.optional(),
  })
  .refine((edit) => edit.cardCodes === undefined || edit.cardCodes.length === edit.cards?.length, {
    message: MESSAGES.upload.editCodesNeedCards,
    path: ['cardCodes'],
  });
export type EditDeck = z.input<typeof editDeckSchema>;
/** The changes of an edit as the server applies them. */
export type DeckPatch = z.output<typeof editDeckSchema>;

/** Body of POST /api/decks/onedeck/{id}: only the caller's own vote changes. */
export const voteRequestSchema = z.object({
  /** Ignored: the server knows who is asking. Kept for the old client. */
  voters: z.array(z.string()).optional(),
  change: z.enum(['increase', 'decrease']),
});
export const voteResultSchema = z.object({ _id: z.string(), score: z.number().int(), voters: z.array(z.string()) });

export const curatedRequestSchema = z.object({ user: z.string().max(MAX_USERNAME_PARAM_LENGTH).optional() });
export const curatedResultSchema = z.object({ decks: z.array(deckSchema) });

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(MAX_USERNAME_PARAM_LENGTH) });

/** A deck that shares most of its cards with another (or with a deck under review). */
export const similarDeckSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The author's username. */
  user: z.string(),
  score: z.number().int(),
  /** Cards it shares with the deck compared. */
  shared: z.number().int(),
  /** The deck compared's cards this deck lacks (catalog code and name). */
  onlyInThis: z.array(z.object({ code: z.string(), name: z.string() })),
  /** This deck's cards the deck compared lacks. */
  onlyInOther: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type SimilarDeck = z.infer<typeof similarDeckSchema>;

const versionCardSchema = z.object({ name: z.string(), code: z.string().nullable() });

/** One card list a deck had: when it began, its cards, and what changed from the list before it. */
export const deckVersionSchema = z.object({
  /** When this list began: the publication for the first, the correction for the others. */
  date: z.string(),
  cards: z.array(versionCardSchema),
  /** Cards not in the list before (empty for the first). */
  added: z.array(versionCardSchema),
  /** Cards of the list before that this one dropped. */
  removed: z.array(versionCardSchema),
});
export type DeckVersion = z.infer<typeof deckVersionSchema>;

/** Answer of GET /api/decks/onedeck/{id}/versions: the current list first, then each earlier one. */
export const deckVersionsSchema = z.object({ versions: z.array(deckVersionSchema) });
export type DeckVersions = z.infer<typeof deckVersionsSchema>;

/** Decks sharing at least 12 cards with the deck compared, most shared first, then highest score. */
export const similarDecksSchema = z.object({
  /** Cards of the deck compared (the "of 18" in "17 of 18 cards"). */
  cardCount: z.number().int(),
  decks: z.array(similarDeckSchema),
  /**
   * POST /api/decks/similar with a `deckcode`: the public decks published with that same code
   * (newest first, a few at most), whatever their cards: a near-copy, or a misread one.
   */
  sameCode: z.array(z.object({ _id: z.string(), title: z.string(), user: z.string() })).optional(),
});
export type SimilarDecks = z.infer<typeof similarDecksSchema>;

/** Body of POST /api/decks/similar: the catalog codes of the cards the upload review holds. */
export const similarRequestSchema = z.object({
  cardCodes: z.array(cardCodeSchema).max(DECK_SIZE, `A deck has at most ${DECK_SIZE} cards`),
  /** The deck code under review: a public deck with the same code is answered in `sameCode`. */
  deckcode: deckCodeSchema.optional(),
});
