// The builder's calls: a pasted list read against the catalog, and a deck published from its codes.
import { parseCardListResultSchema, type ParseCardListResult } from '../../../../common/api/cards';
import { deckSchema, type Deck } from '../../../../common/api/decks';
import { ApiRequestError, apiRequest, readAnswer } from '../../../lib/api-client';
import { deckForm } from '../../../lib/deck-form';

/** POST /api/cards/parse-list. */
export function parseCardList(text: string): Promise<ParseCardListResult> {
  return apiRequest('/api/cards/parse-list', parseCardListResultSchema, { body: { text } });
}

export interface BuiltDeck {
  title: string;
  description: string;
  albums: string[];
  collections: string[];
  tags: string[];
  cardCodes: string[];
}

/** POST /api/decks/post/ without an image: the server draws the deck's picture from its 18 codes. */
export async function postBuiltDeck(deck: BuiltDeck): Promise<Deck> {
  const form = deckForm(deck);
  let res: Response;
  try {
    res = await fetch('/api/decks/post/', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiRequestError(0, 'The server could not be reached.');
  }
  return readAnswer(res.status, await res.text(), deckSchema);
}
