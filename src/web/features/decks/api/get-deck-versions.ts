import { useQuery } from '@tanstack/react-query';
import { deckVersionsSchema } from '../../../../common/api/decks';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** GET /api/decks/onedeck/{id}/versions: the current card list first, then each earlier one. */
export function getDeckVersions(deckId: string) {
  return apiRequest(`/api/decks/onedeck/${encodeURIComponent(deckId)}/versions`, deckVersionsSchema);
}

/** Under the deck queries, so a correction of the cards refreshes it. */
export function useDeckVersions(deckId: string) {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'versions', deckId],
    queryFn: () => getDeckVersions(deckId),
    retry: retryUnlessRefused,
  });
}
