import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchRequest } from '../../../../common/api/decks';
import { retryUnlessRefused } from '../../../lib/api-client';
import { searchDecksQueryOptions } from '../../../lib/search-decks';

/** One page of search results; the previous page stays on screen while the next loads. */
export function useSearchDecks(filters: SearchRequest, page: number, limit: number) {
  return useQuery({
    ...searchDecksQueryOptions(filters, page, limit),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
