// One place refuses text no database can store, for every route at once: a route added later
// cannot forget it, and a NUL in a search never reaches PostgreSQL (which fails the query with
// "invalid byte sequence for encoding UTF8: 0x00"). It runs after each route's schema, so that a
// field whose schema has its own message for such text (an e-mail address) keeps it. Multipart
// fields are read by the route itself, after this hook, so readMultipartForm checks them with the
// same rule.
import type { FastifyInstance } from 'fastify';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../common/text';
import { badRequest } from './errors';

/** Deeper than any body the API accepts: a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

/** Whether a parsed value holds, in any string or key at any depth, text no database can store. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isStorableText(key) || holdsUnstorableText(item, depth + 1));
}

/** Refuses, with 400, every request whose path parameters, query string or parsed body hold such text. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    // Refused by its schema already: routes that attach validation errors answer them with their own texts (accounts/validation.ts).
    if (request.validationError) return;
    if (
      holdsUnstorableText(request.params) ||
      holdsUnstorableText(request.query) ||
      holdsUnstorableText(request.body)
    ) {
      throw badRequest(UNSTORABLE_TEXT_MESSAGE);
    }
  });
}
