// POST /api/decks/search-decks, shared by the search page, the home columns and the gallery, so
// the same search is one request and one cache entry wherever it is shown.
import { decksPageSchema, type SearchRequest } from '../../common/api/decks';
import { apiRequest } from './api-client';
import { deckQueryKeys } from './query-keys';

export function searchDecks(filters: SearchRequest, page: number, limit: number) {
  return apiRequest(`/api/decks/search-decks?page=${page}&limit=${limit}`, decksPageSchema, { body: filters });
}

/** The query key and function of one page of a search, for useQuery. */
export function searchDecksQuery(filters: SearchRequest, page: number, limit: number) {
  return { queryKey: deckQueryKeys.search(filters, page, limit), queryFn: () => searchDecks(filters, page, limit) };
}
