// The builder's calls: a pasted list read against the catalog, and a deck published from its codes.
import { parseCardListResultSchema, type ParseCardListResult } from '../../../../common/api/cards';
import { deckSchema, type Deck, type EditDeck } from '../../../../common/api/decks';
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
  /** The in-game deck code; '' for none. */
  deckcode: string;
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

/**
 * POST /api/decks/editdeck/{id} with the corrected cards and deck code (issue 38): checked against
 * the catalog like a publish; the list replaced is kept in the deck's history.
 */
export function saveDeckCards(
  deckId: string,
  correction: { cards: { name: string; code: string }[]; deckcode: string },
): Promise<Deck> {
  const body: EditDeck = {
    cards: correction.cards.map((c) => c.name),
    cardCodes: correction.cards.map((c) => c.code),
    deckcode: correction.deckcode,
  };
  return apiRequest(`/api/decks/editdeck/${encodeURIComponent(deckId)}`, deckSchema, { body });
}
