// The web app's pages, shared with the server: it answers 404 (with the app's not-found page) for
// any other path, so crawlers and link previews see a missing page as missing.
export const PAGE_PATHS = [
  '/',
  '/decks',
  '/decks/:deckId',
  '/deck-search-results',
  '/users/:username',
  '/profile',
  '/reset-password/:token',
  '/verify-email/:token',
  '/customcards',
  '/innkeepers-decks',
  '/moderation',
  '/cards/:code',
  '/meta',
] as const;

/** The page path that `pathname` opens (a trailing slash allowed), or null. */
export function matchPage(pathname: string): { path: (typeof PAGE_PATHS)[number]; params: Record<string, string> } | null {
  let parts: string[];
  try {
    parts = pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null; // a malformed escape names no page
  }
  for (const path of PAGE_PATHS) {
    const pattern = path === '/' ? [] : path.split('/').slice(1);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (pattern.every((segment, i) => (segment.startsWith(':') ? ((params[segment.slice(1)] = parts[i]), parts[i] !== '') : segment === parts[i]))) {
      return { path, params };
    }
  }
  return null;
}
