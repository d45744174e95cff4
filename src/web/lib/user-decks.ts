// A user's decks, 12 a page: shared by their public page (/users/…) and the profile.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { decksPageSchema } from '../../common/api/decks';
import { DECKS_PER_PAGE } from '../../common/game';
import { apiRequest, ApiRequestError } from './api-client';
import { deckQueryKeys } from './query-keys';

/** GET /api/decks/{username}?page&limit=12. */
export function getUserDecks(username: string, page: number) {
  return apiRequest(`/api/decks/${encodeURIComponent(username)}?page=${page}&limit=${DECKS_PER_PAGE}`, decksPageSchema);
}

export function useUserDecks(username: string, page: number) {
  return useQuery({
    queryKey: deckQueryKeys.byUser(username, page),
    queryFn: () => getUserDecks(username, page),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });
}
