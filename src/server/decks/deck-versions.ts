// The history of a deck's card list (issue 39): each list it had, with what changed from the one before.
import type { DeckVersion } from '../../common/api/decks';
import type { VersionCard } from './deck-store';

/** A card is the same card by its code; a card stored without a code (older decks) by its name. */
const keyOf = (card: VersionCard) => card.code ?? `name:${card.name}`;

/** The lists oldest first, as stored, answered newest first with their differences. */
export function toDeckVersions(lists: { date: string; cards: VersionCard[] }[]): DeckVersion[] {
  return lists
    .map((list, i) => {
      const before = i > 0 ? lists[i - 1].cards : null;
      if (!before) return { date: list.date, cards: list.cards, added: [], removed: [] };
      const had = new Set(before.map(keyOf));
      const has = new Set(list.cards.map(keyOf));
      return {
        date: list.date,
        cards: list.cards,
        added: list.cards.filter((card) => !had.has(keyOf(card))),
        removed: before.filter((card) => !has.has(keyOf(card))),
      };
    })
    .reverse();
}
