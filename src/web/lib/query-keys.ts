// Query keys shared across features. Every cached deck answer (a single deck, a page of decks,
// the curated list) lives under DECKS_QUERY_KEY, so a vote can patch them all in place and an
// upload, edit or delete can invalidate them all with one call.
export const DECKS_QUERY_KEY = ['decks'] as const;

export const deckQueryKeys = {
  all: DECKS_QUERY_KEY,
  search: (filters: unknown, page: number, limit: number) => [...DECKS_QUERY_KEY, 'search', filters, page, limit] as const,
  one: (deckId: string) => [...DECKS_QUERY_KEY, 'one', deckId] as const,
  byUser: (username: string, page: number) => [...DECKS_QUERY_KEY, 'user', username, page] as const,
  curated: () => [...DECKS_QUERY_KEY, 'curated'] as const,
};
