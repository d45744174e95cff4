import { z } from 'zod';

/** Longest comment accepted, in characters. */
export const MAX_COMMENT_LENGTH = 2000;

export const commentSchema = z.object({
  _id: z.string(),
  /** The author, always the signed-in user who posted it. */
  Username: z.string(),
  /** The text as written, in the comment Markdown subset. */
  Comment: z.string(),
  /**
   * The text rendered and sanitised by the server: emphasis, links (rel="nofollow ugc noopener"),
   * lists, code, and card mentions `[[Name]]` linking to /cards/{code}. Safe to insert as HTML.
   */
  html: z.string(),
  createdAt: z.string(),
  /** Present (true) only in answers to the author or a moderator: a moderator hid the comment. */
  isHidden: z.literal(true).optional(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

/** Comments per page of GET /api/comments/get/{deckId} unless `limit` says otherwise, and the most one page holds. */
export const COMMENTS_PER_PAGE = 100;
export const MAX_COMMENTS_PER_PAGE = 200;

/** `?page&limit` of a deck's comments, oldest first: without them, the first 100. */
export const commentPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('Page number, from 1.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_COMMENTS_PER_PAGE)
    .default(COMMENTS_PER_PAGE)
    .describe(`Comments per page, 1–${MAX_COMMENTS_PER_PAGE}.`),
});

/** Body of POST /api/comments/post/{deckId}; a `username` in the body is ignored. */
export const postCommentSchema = z.object({
  comment: z.string().trim().min(1, 'Comment is empty').max(MAX_COMMENT_LENGTH),
  username: z.string().optional(),
});
export const commentIdParamsSchema = z.object({ commentId: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown comment id') });
export const deckIdParamSchema = z.object({ deckId: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown deck id') });
