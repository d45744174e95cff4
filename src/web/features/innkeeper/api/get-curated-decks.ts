import { useQuery } from '@tanstack/react-query';
import { curatedResultSchema } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';
import { deckQueryKeys } from '../../../lib/query-keys';

/** POST /api/decks/get-curated with `{}`: the server knows the curator's account. */
export function getCuratedDecks() {
  return apiRequest('/api/decks/get-curated', curatedResultSchema, { body: {} });
}

export function useCuratedDecks() {
  return useQuery({ queryKey: deckQueryKeys.curated(), queryFn: getCuratedDecks });
}
