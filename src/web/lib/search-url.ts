// A search lives in the URL (so it survives a reload and can be shared) and may also arrive as
// navigation state. Home links here and the results page reads it: the shared contract.
import { SORT_KEYS, type SearchRequest, type SortKey } from '../../common/api/decks';

/** The filters of a search, every list present. */
export interface SearchFilters {
  albums: string[];
  collections: string[];
  tags: string[];
  cards: string[];
  user?: string;
  /** 'score' is most upvoted first; newest first otherwise. */
  sortBy?: SortKey;
  /** Only decks since the weekly reset. */
  restricted?: boolean;
}

export const EMPTY_FILTERS: SearchFilters = { albums: [], collections: [], tags: [], cards: [] };

const LISTS = ['albums', 'collections', 'tags', 'cards'] as const;

/** A known sort key, or undefined for anything else (an old link's sort falls back to newest). */
function sortKey(value: unknown): SortKey | undefined {
  return SORT_KEYS.find((key) => key === value);
}

/** The filters and page a URL query holds; `?sort=score&restricted=1` is what the home columns link to. */
export function readSearchParams(params: URLSearchParams): { filters: SearchFilters; page: number } {
  const filters: SearchFilters = { albums: [], collections: [], tags: [], cards: [] };
  for (const key of LISTS) filters[key] = params.getAll(key).filter(Boolean);
  const user = params.get('user');
  if (user) filters.user = user;
  const sort = sortKey(params.get('sort'));
  if (sort) filters.sortBy = sort;
  if (params.get('restricted') === '1' || params.get('restricted') === 'true') filters.restricted = true;
  const page = Number(params.get('page'));
  return { filters, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** The URL query of a search; page 1 is left out so the first page has one address. */
export function writeSearchParams(filters: SearchFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LISTS) for (const value of filters[key]) params.append(key, value);
  if (filters.user) params.set('user', filters.user);
  if (filters.sortBy) params.set('sort', filters.sortBy);
  if (filters.restricted) params.set('restricted', '1');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Filters handed over as navigation state by another screen; anything malformed is dropped. */
export function filtersFromState(state: unknown): SearchFilters | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const filters: SearchFilters = { albums: list(s.albums), collections: list(s.collections), tags: list(s.tags), cards: list(s.cards) };
  if (typeof s.user === 'string' && s.user) filters.user = s.user;
  const sort = sortKey(s.sortBy) ?? sortKey(s.sort);
  if (sort) filters.sortBy = sort;
  if (s.restricted === true) filters.restricted = true;
  return filters;
}

export function hasAnyFilter(filters: SearchFilters): boolean {
  return LISTS.some((key) => filters[key].length > 0) || !!filters.user || !!filters.sortBy || !!filters.restricted;
}

/** The API body; the server treats absent keys as "any". */
export function toSearchRequest(filters: SearchFilters): SearchRequest {
  const request: SearchRequest = { albums: filters.albums, collections: filters.collections, tags: filters.tags, cards: filters.cards };
  if (filters.user) request.user = filters.user;
  if (filters.sortBy) request.sortBy = filters.sortBy;
  if (filters.restricted) request.restricted = true;
  return request;
}

/** The path of the search results page. */
export const SEARCH_RESULTS_PATH = '/deck-search-results';

/** The address of a search, e.g. for a link or `navigate(...)`; pass the filters as state too. */
export function searchResultsHref(filters: SearchFilters, page = 1): string {
  const query = writeSearchParams(filters, page).toString();
  return query ? `${SEARCH_RESULTS_PATH}?${query}` : SEARCH_RESULTS_PATH;
}
