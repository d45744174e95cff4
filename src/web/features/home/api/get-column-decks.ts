import { useQuery } from '@tanstack/react-query';
import { decksPageSchema, type SearchRequest } from '../../../../common/api/decks';
import { DECKS_PER_HOME_COLUMN } from '../../../../common/game';
import { apiRequest } from '../../../lib/api-client';
import { deckQueryKeys } from '../../../lib/query-keys';

/** The first decks of one home column: a search with a page of 5 (SPEC.md §9). */
export function getColumnDecks(filters: SearchRequest) {
  return apiRequest(`/api/decks/search-decks?page=1&limit=${DECKS_PER_HOME_COLUMN}`, decksPageSchema, { body: filters });
}

export function useColumnDecks(filters: SearchRequest) {
  return useQuery({ queryKey: deckQueryKeys.search(filters, 1, DECKS_PER_HOME_COLUMN), queryFn: () => getColumnDecks(filters) });
}
