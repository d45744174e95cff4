// A deck as text, the way GET /api/decks/onedeck/{id}/text sends it and "Copy as text" copies it:
// the deck code first when there is one, then one card a line, name and code. POST
// /api/cards/parse-list reads the same text back (it skips the deck code line).
import type { Deck } from './api/decks';

/** Whether a stored deck code means "a code": the old site stores the literal 'null' for none. */
export const hasDeckCode = (deckcode: string): boolean => deckcode !== '' && deckcode !== 'null';

export function deckAsText(deck: Pick<Deck, 'deckcode' | 'cards' | 'cardList'>): string {
  const cards = deck.cardList ?? deck.cards.map((name) => ({ name, code: null }));
  const lines = cards.map((card) => (card.code ? `${card.name} (${card.code})` : card.name));
  if (hasDeckCode(deck.deckcode)) lines.unshift(`Deck code: ${deck.deckcode}`);
  return `${lines.join('\n')}\n`;
}
