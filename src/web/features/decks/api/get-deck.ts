import { useQuery } from '@tanstack/react-query';
import { deckSchema } from '../../../../common/api/decks';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { deckQueryKeys } from '../../../lib/query-keys';

export function getDeck(deckId: string) {
  return apiRequest(`/api/decks/onedeck/${encodeURIComponent(deckId)}`, deckSchema);
}

export function useDeck(deckId: string) {
  return useQuery({
    queryKey: deckQueryKeys.one(deckId),
    queryFn: () => getDeck(deckId),
    // A missing deck stays missing; asking again only delays the "not found" page.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });
}
