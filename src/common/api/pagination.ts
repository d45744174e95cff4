import { z } from 'zod';
import { DECKS_PER_PAGE, MAX_PAGE_LIMIT } from '../game';

/** `?page&limit` of every paged list: page from 1, limit 1–100 (default one page of 12). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DECKS_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
