import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cardPageSchema } from '../../../../common/api/cards';
import { decksPageSchema } from '../../../../common/api/decks';
import { DECKS_PER_PAGE } from '../../../../common/game';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** GET /api/cards/{code}. */
export function getCard(code: string) {
  return apiRequest(`/api/cards/${encodeURIComponent(code)}`, cardPageSchema);
}

export function useCard(code: string) {
  return useQuery(queryOptions({ queryKey: ['cards', code], queryFn: () => getCard(code), retry: retryUnlessRefused }));
}

/** GET /api/cards/{code}/decks?page&limit=12: under the deck queries, so a deck write refreshes them. */
export function getCardDecks(code: string, page: number) {
  return apiRequest(
    `/api/cards/${encodeURIComponent(code)}/decks?page=${page}&limit=${DECKS_PER_PAGE}`,
    decksPageSchema,
  );
}

export function useCardDecks(code: string, page: number) {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'card', code, page],
    queryFn: () => getCardDecks(code, page),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}
