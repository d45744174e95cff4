import type { Deck } from '../../../common/api/decks';

/** The deck code to show, or '' when there is none (the literal 'null' or empty, SPEC.md §3). */
export function deckCodeText(deck: Pick<Deck, 'deckcode'>): string {
  const code = deck.deckcode.trim();
  return code === 'null' ? '' : code;
}
