import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { decksPageSchema, type SearchRequest } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';
import { deckQueryKeys } from '../../../lib/query-keys';

export function searchDecks(filters: SearchRequest, page: number, limit: number) {
  return apiRequest(`/api/decks/search-decks?page=${page}&limit=${limit}`, decksPageSchema, { body: filters });
}

/** One page of search results; the previous page stays on screen while the next loads. */
export function useSearchDecks(filters: SearchRequest, page: number, limit: number) {
  return useQuery({
    queryKey: deckQueryKeys.search(filters, page, limit),
    queryFn: () => searchDecks(filters, page, limit),
    placeholderData: keepPreviousData,
  });
}
