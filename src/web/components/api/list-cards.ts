import { useQuery } from '@tanstack/react-query';
import { cardListSchema } from '../../../common/api/cards';
import { apiRequest } from '../../lib/api-client';

export const cardsQueryKey = ['cards'] as const;

export function listCards() {
  return apiRequest('/api/cards/', cardListSchema);
}

/** The card catalog for the card picker; it changes only when cards are imported, so it is kept for the session. */
export function useCards() {
  return useQuery({ queryKey: cardsQueryKey, queryFn: listCards, staleTime: Infinity, gcTime: Infinity });
}
