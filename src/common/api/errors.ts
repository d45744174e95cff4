import { z } from 'zod';

/** Every error answer of the API: a short machine-readable code and a sentence for people. */
export const errorSchema = z.object({
  /** HTTP reason in words, e.g. "Bad Request". */
  error: z.string(),
  /** What went wrong, safe to show to the user. */
  message: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;
