// A search lives in the URL (so it survives a reload and can be shared) and may also arrive as
// navigation state from another screen. Home links here and the results page reads it.
import { SORT_KEYS, type SearchRequest } from '../../common/api/decks';
import { ALBUM_NAMES, COLLECTION_CODES, TAG_NAMES } from '../../common/game';

/** The filters of a search, every list present. */
export interface SearchFilters {
  albums: string[];
  collections: string[];
  tags: string[];
  cards: string[];
  user?: string;
  /** 'score' is most upvoted first, 'newest' or none newest first; as an address gives it (see withoutUnknown). */
  sortBy?: string;
  /** Only decks since the weekly reset. */
  restricted?: boolean;
  /** Decks with any of these are left out ("without these cards"); absent when none. */
  excludeAlbums?: string[];
  excludeTags?: string[];
  excludeCards?: string[];
  /** '30d': only decks of the last 30 days ("this week" is `restricted`). */
  window?: string;
  /** Words of the title, the deck code or the author; absent when none. */
  text?: string;
}

/** The exclusion lists, in the URL under the same names as in the API. */
export const EXCLUSIONS = ['excludeAlbums', 'excludeTags', 'excludeCards'] as const;
export type ExclusionKey = (typeof EXCLUSIONS)[number];

/** The date windows beside the sort; 'week' is the same window as "Top this week". */
export const SEARCH_WINDOWS_SHOWN = [
  { key: 'all', label: 'All time' },
  { key: 'week', label: 'This week' },
  { key: '30d', label: 'Last 30 days' },
] as const;
export type SearchWindowKey = (typeof SEARCH_WINDOWS_SHOWN)[number]['key'];

export function windowOf(filters: SearchFilters): SearchWindowKey {
  if (filters.restricted) return 'week';
  return filters.window === '30d' ? '30d' : 'all';
}

/** The same search within another date window; the order stays. */
export function withWindow(filters: SearchFilters, window: SearchWindowKey): SearchFilters {
  const { restricted: _restricted, window: _window, ...rest } = filters;
  if (window === 'week') return { ...rest, restricted: true };
  if (window === '30d') return { ...rest, window: '30d' };
  return rest;
}

export const EMPTY_FILTERS: SearchFilters = { albums: [], collections: [], tags: [], cards: [] };

const LISTS = ['albums', 'collections', 'tags', 'cards'] as const;

/** The one sort key the API knows besides its default, newest first. */
const TOP_SORT = 'score';

/**
 * The two orders of the results page. The date window beside them (SEARCH_WINDOWS_SHOWN) is the
 * other half of one choice: "Most upvoted" + "This week" is Top Decks This Week. No order names a
 * window of its own, so the two can never disagree ("Top all time" beside "Last 30 days", issue 38).
 */
export const SEARCH_SORTS = [
  { key: 'newest', label: 'Newest' },
  { key: 'top', label: 'Most upvoted' },
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number]['key'];

export function sortOf(filters: SearchFilters): SearchSort {
  return filters.sortBy === TOP_SORT ? 'top' : 'newest';
}

/** The same search in another order; the date window stays as chosen. */
export function withSort(filters: SearchFilters, sort: SearchSort): SearchFilters {
  const { sortBy: _sortBy, ...rest } = filters;
  return sort === 'top' ? { ...rest, sortBy: TOP_SORT } : rest;
}

/** A value of a shared or old address that this site does not know (a renamed tag, a typo). */
export interface UnknownFilter {
  key: 'albums' | 'collections' | 'tags' | 'excludeAlbums' | 'excludeTags' | 'sort';
  value: string;
}

const KNOWN: Record<'albums' | 'collections' | 'tags', ReadonlySet<string>> = {
  albums: new Set(ALBUM_NAMES),
  collections: new Set(COLLECTION_CODES),
  tags: new Set(TAG_NAMES),
};

/**
 * The filters without the values the site does not know, and those values. The API refuses a
 * search with an unknown category; the rest of the search is still worth showing.
 */
export function withoutUnknown(filters: SearchFilters): { filters: SearchFilters; unknown: UnknownFilter[] } {
  const unknown: UnknownFilter[] = [];
  const known = { ...filters };
  for (const key of ['albums', 'collections', 'tags'] as const) {
    known[key] = filters[key].filter((value) => KNOWN[key].has(value) || !unknown.push({ key, value }));
  }
  for (const [key, kind] of [
    ['excludeAlbums', 'albums'],
    ['excludeTags', 'tags'],
  ] as const) {
    const values = filters[key];
    if (values) known[key] = values.filter((value) => KNOWN[kind].has(value) || !unknown.push({ key, value }));
  }
  if (known.sortBy !== undefined && !SORT_KEYS.some((key) => key === known.sortBy)) {
    unknown.push({ key: 'sort', value: known.sortBy });
    delete known.sortBy;
  }
  return { filters: known, unknown };
}

/** The filters and page a URL query holds; `?sort=score&restricted=1` is what the home columns link to. */
export function readSearchParams(params: URLSearchParams): { filters: SearchFilters; page: number } {
  const filters: SearchFilters = { albums: [], collections: [], tags: [], cards: [] };
  for (const key of LISTS) filters[key] = params.getAll(key).filter(Boolean);
  const user = params.get('user');
  if (user) filters.user = user;
  const sort = params.get('sort');
  if (sort) filters.sortBy = sort;
  if (params.get('restricted') === '1' || params.get('restricted') === 'true') filters.restricted = true;
  for (const key of EXCLUSIONS) {
    const values = params.getAll(key).filter(Boolean);
    if (values.length > 0) filters[key] = values;
  }
  const text = params.get('text')?.trim();
  if (text) filters.text = text;
  const window = params.get('window');
  if (window === 'week') filters.restricted = true;
  else if (window === '30d') filters.window = window;
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
  for (const key of EXCLUSIONS) for (const value of filters[key] ?? []) params.append(key, value);
  if (filters.window === '30d') params.set('window', filters.window);
  if (filters.text) params.set('text', filters.text);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Filters handed over as navigation state by another screen; anything malformed is dropped. */
export function filtersFromState(state: unknown): SearchFilters | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const filters: SearchFilters = {
    albums: list(s.albums),
    collections: list(s.collections),
    tags: list(s.tags),
    cards: list(s.cards),
  };
  if (typeof s.user === 'string' && s.user) filters.user = s.user;
  const sort = typeof s.sortBy === 'string' ? s.sortBy : typeof s.sort === 'string' ? s.sort : undefined;
  if (sort) filters.sortBy = sort;
  if (s.restricted === true) filters.restricted = true;
  for (const key of EXCLUSIONS) if (list(s[key]).length > 0) filters[key] = list(s[key]);
  if (s.window === '30d') filters.window = s.window;
  if (typeof s.text === 'string' && s.text.trim()) filters.text = s.text.trim();
  return filters;
}

export function hasAnyFilter(filters: SearchFilters): boolean {
  return (
    LISTS.some((key) => filters[key].length > 0) ||
    EXCLUSIONS.some((key) => (filters[key]?.length ?? 0) > 0) ||
    !!filters.user ||
    !!filters.sortBy ||
    !!filters.restricted ||
    !!filters.window ||
    !!filters.text
  );
}

/** The API body; the server treats absent keys as "any". */
export function toSearchRequest(filters: SearchFilters): SearchRequest {
  const request: SearchRequest = {
    albums: filters.albums,
    collections: filters.collections,
    tags: filters.tags,
    cards: filters.cards,
  };
  if (filters.user) request.user = filters.user;
  const sortBy = SORT_KEYS.find((key) => key === filters.sortBy);
  if (sortBy) request.sortBy = sortBy;
  if (filters.restricted) request.restricted = true;
  for (const key of EXCLUSIONS) if ((filters[key]?.length ?? 0) > 0) request[key] = filters[key];
  if (filters.window === '30d') request.window = '30d';
  if (filters.text) request.text = filters.text;
  return request;
}

/** The path of the search results page. */
export const SEARCH_RESULTS_PATH = '/deck-search-results';

/** The address of a search, e.g. for a link or `navigate(...)`; pass the filters as state too, as other screens expect. */
export function searchResultsHref(filters: SearchFilters, page = 1): string {
  const query = writeSearchParams(filters, page).toString();
  return query ? `${SEARCH_RESULTS_PATH}?${query}` : SEARCH_RESULTS_PATH;
}
