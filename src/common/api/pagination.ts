import { z } from 'zod';
import { DECKS_PER_PAGE, MAX_PAGE_LIMIT } from '../game';
import { MAX_SEARCH_DEPTH } from '../limits';

/** `?page&limit` of every paged list: page from 1, limit 1–100 (default one page of 12). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DECKS_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const SEARCH_TOO_DEEP = `A search shows its first ${MAX_SEARCH_DEPTH} decks: narrow it (more filters, a shorter window) to find older ones.`;

/** `?page&limit` of a search: no deeper than MAX_SEARCH_DEPTH decks. */
export const searchPageQuerySchema = pageQuerySchema.refine(
  (query) => (query.page - 1) * query.limit < MAX_SEARCH_DEPTH,
  { message: SEARCH_TOO_DEEP, path: ['page'] },
);
