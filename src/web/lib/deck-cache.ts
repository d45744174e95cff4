// Every cached deck answer (a single deck, a page of decks, the curated list) has a query key that
// starts with DECKS_QUERY_KEY, so a vote can patch them all in place and an upload, edit or delete
// can invalidate them all with one call. Each fetcher builds its own key under it.
export const DECKS_QUERY_KEY = ['decks'] as const;

/** The key of one deck's cached answer (GET /api/decks/onedeck/{id}). */
export const deckQueryKey = (deckId: string) => [...DECKS_QUERY_KEY, 'one', deckId] as const;
