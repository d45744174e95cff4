import type { Deck } from '../../../common/api/decks';

/** The deck code to show, or '' when there is none (the literal 'null' or empty). */
export function deckCodeText(deck: Pick<Deck, 'deckcode'>): string {
  const code = deck.deckcode.trim();
  return code === 'null' ? '' : code;
}
