// POST /api/decks/search-decks, shared by the search page, the home columns and the gallery, so
// the same search is one request and one cache entry wherever it is shown.
import { queryOptions } from '@tanstack/react-query';
import { decksPageSchema, type SearchRequest } from '../../common/api/decks';
import { apiRequest } from './api-client';
import { DECKS_QUERY_KEY } from './deck-cache';

export function searchDecks(filters: SearchRequest, page: number, limit: number) {
  return apiRequest(`/api/decks/search-decks?page=${page}&limit=${limit}`, decksPageSchema, { body: filters });
}

/** One page of a search, for useQuery. */
export function searchDecksQueryOptions(filters: SearchRequest, page: number, limit: number) {
  return queryOptions({
    queryKey: [...DECKS_QUERY_KEY, 'search', filters, page, limit],
    queryFn: () => searchDecks(filters, page, limit),
  });
}
