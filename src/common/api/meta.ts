import { z } from 'zod';
import { ALBUM_NAMES, COLLECTION_CODES, MAX_PAGE_LIMIT, RARITIES } from '../game';

/** Columns the meta table sorts by. */
export const META_SORTS = ['decks', 'thisWeek', 'change', 'score', 'name'] as const;
export type MetaSort = (typeof META_SORTS)[number];
/** Cards per page of the meta table. */
export const META_CARDS_PER_PAGE = 50;
/** Weeks the trend of each card covers, this week included. */
export const META_TREND_WEEKS = 8;

/** `GET /api/meta/cards`: the most played cards, filtered and sorted. */
export const metaCardsQuerySchema = z.object({
  /** 'decks' (the default): most played overall; 'thisWeek'; 'change' since last week; 'score': average deck score; 'name'. */
  sort: z.enum(META_SORTS, { error: `Unknown sort: use ${META_SORTS.join(', ')}` }).default('decks'),
  /** 'desc' (the default) or 'asc'. */
  order: z.enum(['asc', 'desc'], { error: 'Unknown order: use asc or desc' }).default('desc'),
  album: z.enum(ALBUM_NAMES, { error: 'Unknown album' }).optional(),
  /** A collection code, e.g. `ACAL`. */
  collection: z.enum(COLLECTION_CODES, { error: 'Unknown collection' }).optional(),
  rarity: z.enum(RARITIES, { error: 'Unknown rarity' }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(META_CARDS_PER_PAGE),
});
export type MetaCardsQuery = z.infer<typeof metaCardsQuerySchema>;

export const metaCardSchema = z.object({
  code: z.string(),
  name: z.string(),
  rarity: z.string(),
  album: z.string().nullable(),
  /** The collection's code. */
  collection: z.string(),
  /** Public decks holding the card. */
  decks: z.number().int(),
  /** decks / all public decks. */
  rate: z.number(),
  /** Share of this week's decks holding it, and of last week's. */
  thisWeek: z.number(),
  lastWeek: z.number(),
  /** thisWeek − lastWeek. */
  change: z.number(),
  /** Average score of the decks holding it. */
  averageScore: z.number(),
  /** The share of each of the last META_TREND_WEEKS weeks' decks holding it, oldest first. */
  trend: z.array(z.number()),
});
export type MetaCard = z.infer<typeof metaCardSchema>;

export const metaCardsSchema = z.object({
  cards: z.array(metaCardSchema),
  /** Cards matching the filters that are in at least one deck. */
  totalCards: z.number().int(),
  /** All public decks. */
  totalDecks: z.number().int(),
  /** When this week started (ISO-8601). */
  weekStart: z.string(),
});
export type MetaCards = z.infer<typeof metaCardsSchema>;

/** An album, collection or tag with the public decks carrying it. */
export const categoryCountSchema = z.object({ value: z.string(), decks: z.number().int() });

/** `GET /api/meta/categories`: the most used albums, collections and tags. */
export const metaCategoriesSchema = z.object({
  totalDecks: z.number().int(),
  albums: z.array(categoryCountSchema),
  collections: z.array(categoryCountSchema),
  tags: z.array(categoryCountSchema),
});
export type MetaCategories = z.infer<typeof metaCategoriesSchema>;
