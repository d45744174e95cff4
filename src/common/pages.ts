// The web app's pages, shared with the server: it answers 404 (with the app's not-found page) for
// any other path, so crawlers and link previews see a missing page as missing.
export const PAGE_PATHS = [
  '/',
  '/decks',
  // Before '/decks/:deckId', which would take "new" for a deck id.
  '/decks/new',
  '/decks/:deckId',
  '/decks/:deckId/compare/:otherId',
  '/decks/:deckId/edit-cards',
  '/deck-search-results',
  '/users/:username',
  '/profile',
  '/reset-password/:token',
  '/verify-email/:token',
  '/customcards',
  '/innkeepers-decks',
  '/moderation',
  '/moderation/recognition',
  '/cards/:code',
  '/meta',
] as const;

/**
 * The module each lazily loaded page starts from, relative to src/web (as Vite's build manifest
 * names it): the server lists its chunks in the page's HTML, so the browser fetches them with the
 * main script instead of after it has run. A test keeps it equal to src/web/app/router.tsx.
 */
export const LAZY_PAGE_MODULES: Partial<Record<(typeof PAGE_PATHS)[number], string>> = {
  '/decks/new': 'app/routes/DeckBuilderRoute.tsx',
  '/decks/:deckId': 'app/routes/DeckRoute.tsx',
  '/decks/:deckId/compare/:otherId': 'features/decks/CompareDecksPage.tsx',
  '/decks/:deckId/edit-cards': 'app/routes/EditDeckCardsRoute.tsx',
  '/deck-search-results': 'features/search/SearchResultsPage.tsx',
  '/users/:username': 'features/users/UserPage.tsx',
  '/profile': 'features/accounts/ProfilePage.tsx',
  '/reset-password/:token': 'features/accounts/ResetPasswordPage.tsx',
  '/verify-email/:token': 'features/accounts/VerifyEmailPage.tsx',
  '/customcards': 'features/card-editor/CardEditorPage.tsx',
  '/innkeepers-decks': 'features/innkeeper/InnkeeperPage.tsx',
  '/moderation': 'features/moderation/ModerationPage.tsx',
  '/moderation/recognition': 'features/moderation/RecognitionPage.tsx',
  '/cards/:code': 'features/cards/CardPage.tsx',
  '/meta': 'features/meta/MetaPage.tsx',
};

/** The page path that `pathname` opens (a trailing slash allowed), or null. */
export function matchPage(
  pathname: string,
): { path: (typeof PAGE_PATHS)[number]; params: Record<string, string> } | null {
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
    if (
      pattern.every((segment, i) =>
        segment.startsWith(':') ? ((params[segment.slice(1)] = parts[i]), parts[i] !== '') : segment === parts[i],
      )
    ) {
      return { path, params };
    }
  }
  return null;
}
