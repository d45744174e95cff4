import { queryOptions, useQuery } from '@tanstack/react-query';
import { deckSchema } from '../../../../common/api/decks';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { deckQueryKey } from '../../../lib/deck-cache';

export function getDeck(deckId: string) {
  return apiRequest(`/api/decks/onedeck/${encodeURIComponent(deckId)}`, deckSchema);
}

export function deckQueryOptions(deckId: string) {
  return queryOptions({
    queryKey: deckQueryKey(deckId),
    queryFn: () => getDeck(deckId),
    retry: retryUnlessRefused,
  });
}

export function useDeck(deckId: string) {
  return useQuery(deckQueryOptions(deckId));
}
