import { useQuery } from '@tanstack/react-query';
import { similarDecksSchema } from '../../../../common/api/decks';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** GET /api/decks/onedeck/{id}/similar. */
export function getSimilarDecks(deckId: string) {
  return apiRequest(`/api/decks/onedeck/${encodeURIComponent(deckId)}/similar`, similarDecksSchema);
}

/** Under the deck queries, so a publish or delete refreshes it. */
export function useSimilarDecks(deckId: string) {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'similar', deckId],
    queryFn: () => getSimilarDecks(deckId),
    retry: retryUnlessRefused,
  });
}
