import type { Deck } from '../../common/api/decks';

/** The deck code to show, or null: a stored code of the literal text 'null', or an empty one, means the deck has none. */
export function deckCodeOf(deck: Pick<Deck, 'deckcode'>): string | null {
  const code = deck.deckcode.trim();
  return code && code !== 'null' ? code : null;
}
