import { queryOptions, useQuery } from '@tanstack/react-query';
import { curatedResultSchema } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** POST /api/decks/get-curated with `{}`: the server knows the curator's account. */
export function getCuratedDecks() {
  return apiRequest('/api/decks/get-curated', curatedResultSchema, { body: {} });
}

export function curatedDecksQueryOptions() {
  return queryOptions({ queryKey: [...DECKS_QUERY_KEY, 'curated'], queryFn: getCuratedDecks });
}

export function useCuratedDecks() {
  return useQuery(curatedDecksQueryOptions());
}
