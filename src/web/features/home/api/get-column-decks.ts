import { useQuery } from '@tanstack/react-query';
import type { SearchRequest } from '../../../../common/api/decks';
import { DECKS_PER_HOME_COLUMN } from '../../../../common/game';
import { searchDecksQueryOptions } from '../../../lib/search-decks';

/** The first decks of one home column: a search with a page of 5. */
export function useColumnDecks(filters: SearchRequest) {
  return useQuery(searchDecksQueryOptions(filters, 1, DECKS_PER_HOME_COLUMN));
}
