// The curated table's filters and sort live in the address, so Back from a deck finds the table
// as it was left, and a filtered table can be shared.
import { NO_FILTERS, type SortDirection, type SortKey, type TableFilters } from './curated-table';

export interface TableSort {
  key: SortKey;
  direction: SortDirection;
}

/** Most recently updated first, as the table opens. */
export const DEFAULT_SORT: TableSort = { key: 'updatedAt', direction: 'descending' };

const SORT_KEYS: readonly SortKey[] = ['title', 'deckcode', 'updatedAt'];
const FACETS = ['albums', 'collections', 'tags'] as const;

export function readTableParams(params: URLSearchParams): { filters: TableFilters; sort: TableSort } {
  const filters: TableFilters = { ...NO_FILTERS, title: params.get('q') ?? '' };
  for (const key of FACETS) filters[key] = params.getAll(key).filter(Boolean);
  const key = params.get('sort');
  const sort: TableSort = SORT_KEYS.includes(key as SortKey)
    ? { key: key as SortKey, direction: params.get('dir') === 'asc' ? 'ascending' : 'descending' }
    : DEFAULT_SORT;
  return { filters, sort };
}

/** The address query of a table; what equals the defaults is left out. */
export function writeTableParams(filters: TableFilters, sort: TableSort): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.title) params.set('q', filters.title);
  for (const key of FACETS) for (const value of filters[key]) params.append(key, value);
  if (sort.key !== DEFAULT_SORT.key || sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', sort.key);
    params.set('dir', sort.direction === 'ascending' ? 'asc' : 'desc');
  }
  return params;
}
