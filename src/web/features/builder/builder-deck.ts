// The deck being built: up to DECK_SIZE distinct catalog cards in order, and the changes the
// builder makes to it. Pure functions, so the rules are tested without a browser.
import { DECK_SIZE, albumOfCard, collectionCodeOf } from '../../../common/game';

export interface BuilderCard {
  code: string;
  name: string;
  rarity?: string;
}

/** The cards added, in order, and those left out because the deck was full or held them already. */
export function addCards(deck: BuilderCard[], cards: BuilderCard[]): { deck: BuilderCard[]; skipped: BuilderCard[] } {
  const next = [...deck];
  const skipped: BuilderCard[] = [];
  for (const card of cards) {
    if (next.length >= DECK_SIZE || next.some((c) => c.code === card.code)) skipped.push(card);
    else next.push(card);
  }
  return { deck: next, skipped };
}

export const removeCard = (deck: BuilderCard[], code: string): BuilderCard[] => deck.filter((c) => c.code !== code);

/** The deck with the card at `index` moved by `by` places (clamped to the ends). */
export function moveCard(deck: BuilderCard[], index: number, by: number): BuilderCard[] {
  const to = Math.max(0, Math.min(deck.length - 1, index + by));
  if (to === index || index < 0 || index >= deck.length) return deck;
  const next = [...deck];
  const [card] = next.splice(index, 1);
  next.splice(to, 0, card);
  return next;
}

/** How many of the deck's cards fall in each album, collection and rarity, most first. */
export function deckMix(deck: BuilderCard[]) {
  const count = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  return {
    albums: count(deck.map((c) => albumOfCard(c.code) ?? 'Other')),
    collections: count(deck.map((c) => collectionCodeOf(c.code))),
    rarities: count(deck.map((c) => c.rarity ?? 'Unknown')),
  };
}
