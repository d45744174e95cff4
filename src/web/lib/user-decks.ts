// A user's decks, 12 a page: shared by their public page (/users/…) and the profile.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { decksPageSchema } from '../../common/api/decks';
import { DECKS_PER_PAGE } from '../../common/game';
import { apiRequest, retryUnlessRefused } from './api-client';
import { DECKS_QUERY_KEY } from './deck-cache';

/** GET /api/decks/{username}?page&limit=12. */
export function getUserDecks(username: string, page: number) {
  return apiRequest(`/api/decks/${encodeURIComponent(username)}?page=${page}&limit=${DECKS_PER_PAGE}`, decksPageSchema);
}

export function userDecksQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: [...DECKS_QUERY_KEY, 'user', username, page],
    queryFn: () => getUserDecks(username, page),
    retry: retryUnlessRefused,
  });
}

export function useUserDecks(username: string, page: number) {
  return useQuery({ ...userDecksQueryOptions(username, page), placeholderData: keepPreviousData });
}
