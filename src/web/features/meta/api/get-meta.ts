import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { metaCardsSchema, metaCategoriesSchema, type MetaCardsQuery } from '../../../../common/api/meta';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** GET /api/meta/cards with the view's sort, filters and page. */
export function getMetaCards(query: Partial<MetaCardsQuery>) {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return apiRequest(`/api/meta/cards?${params}`, metaCardsSchema);
}

/** Under the deck queries, so a deck published, edited or deleted here refreshes the meta too. */
export function useMetaCards(query: Partial<MetaCardsQuery>) {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'meta', 'cards', query],
    queryFn: () => getMetaCards(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/meta/categories. */
export function getMetaCategories() {
  return apiRequest('/api/meta/categories', metaCategoriesSchema);
}

export function useMetaCategories() {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'meta', 'categories'],
    queryFn: getMetaCategories,
    retry: retryUnlessRefused,
  });
}
