// The published decks like the one about to be published: the upload review's note, and the
// near-copy question asked before publishing from the review or the builder (issue 38).
import { useQuery } from '@tanstack/react-query';
import { similarDecksSchema, type SimilarDecks } from '../../../common/api/decks';
import { apiRequest } from '../../lib/api-client';

/** Cards a deck must share with another to be similar (server: decks/similar-decks.ts). */
const MIN_SHARED_CARDS = 12;

/** POST /api/decks/similar with the codes of the cards under review, and their deck code when there is one. */
export function findSimilarDecks(cardCodes: string[], deckcode = ''): Promise<SimilarDecks> {
  return apiRequest('/api/decks/similar', similarDecksSchema, {
    body: deckcode === '' ? { cardCodes } : { cardCodes, deckcode },
  });
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
