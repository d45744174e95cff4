import { useQuery } from '@tanstack/react-query';
import { similarDecksSchema } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';

/** Cards a deck must share with another to be similar (server: decks/similar-decks.ts). */
const MIN_SHARED_CARDS = 12;

/** POST /api/decks/similar with the codes of the cards under review. */
export function findSimilarDecks(cardCodes: string[]) {
  return apiRequest('/api/decks/similar', similarDecksSchema, { body: { cardCodes } });
}

/** The published decks most like the cards under review; asked again whenever the cards change. */
export function useSimilarDecks(cardCodes: string[]) {
  const codes = [...new Set(cardCodes)].sort();
  return useQuery({
    queryKey: ['similar-decks', codes],
    queryFn: () => findSimilarDecks(codes),
    enabled: codes.length >= MIN_SHARED_CARDS,
    retry: false,
  });
}
