// Filtering and sorting of the curated table, as pure functions.
import type { Deck } from '../../../common/api/decks';
import { deckCodeOf } from '../../lib/deck-code';

export type FacetKey = 'albums' | 'collections' | 'tags';
export type SortKey = 'title' | 'deckcode' | 'updatedAt';
export type SortDirection = 'ascending' | 'descending';

export interface TableFilters {
  title: string;
  albums: string[];
  collections: string[];
  tags: string[];
}

export const NO_FILTERS: TableFilters = { title: '', albums: [], collections: [], tags: [] };

/** Decks whose title contains the text (any case) and that contain ALL checked values of every facet. */
export function filterDecks(decks: readonly Deck[], filters: TableFilters): Deck[] {
  const text = filters.title.trim().toLowerCase();
  return decks.filter(
    (deck) =>
      (!text || deck.title.toLowerCase().includes(text)) &&
      (['albums', 'collections', 'tags'] as const).every((key) =>
        filters[key].every((value) => deck[key].includes(value)),
      ),
  );
}

/** A sorted copy; ties keep their order. Decks without a code sort last either way. */
export function sortDecks(decks: readonly Deck[], key: SortKey, direction: SortDirection): Deck[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (deck: Deck) => (key === 'deckcode' ? (deckCodeOf(deck) ?? '') : deck[key]);
  return [...decks].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (key === 'deckcode' && !va !== !vb) return va ? -1 : 1;
    return sign * va.localeCompare(vb, undefined, { sensitivity: 'base', numeric: true });
  });
}

/** Every value of a facet that occurs in the decks, with how many decks have it. */
export function facetValues(decks: readonly Deck[], key: FacetKey): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const deck of decks) for (const value of new Set(deck[key])) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** The next sort after a click on a header: a new column starts ascending, the same one flips. */
export function nextSort(
  current: { key: SortKey; direction: SortDirection },
  key: SortKey,
): { key: SortKey; direction: SortDirection } {
  if (current.key !== key) return { key, direction: key === 'updatedAt' ? 'descending' : 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
