import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardListSchema } from '../../../common/api/cards';
import { apiRequest } from '../../lib/api-client';

export function listCards() {
  return apiRequest('/api/cards/', cardListSchema);
}

/** The card catalog changes only when cards are imported, so it is kept for the session. */
export const cardsQueryOptions = queryOptions({
  queryKey: ['cards'],
  queryFn: listCards,
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The card catalog, for the card pickers. */
export function useCards() {
  return useQuery(cardsQueryOptions);
}
