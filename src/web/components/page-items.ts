/** A numbered page button, or a gap ("…") between page numbers. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/** Pages shown on each side of the current one before the rest collapse into a gap. */
const SIBLINGS = 1;

/** How many pages `total` items fill at `perPage` each (at least 1, so an empty list has page 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The buttons of a pager: always the first and last page and the current one with its
 * neighbours; longer runs collapse into gaps so the bar fits on a phone.
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 1) return count === 1 ? [{ kind: 'page', page: 1 }] : [];
  const pages = new Set<number>([1, count]);
  for (let p = current - SIBLINGS; p <= current + SIBLINGS; p++) if (p >= 1 && p <= count) pages.add(p);
  // With a single hidden page between two shown ones, show it rather than a gap of one.
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}

/** "1 deck" or "N decks", for the count above a list of decks. */
export function deckCount(total: number): string {
  return total === 1 ? '1 deck' : `${total} decks`;
}
