import {
  filtersFromState,
  readSearchParams,
  searchResultsHref,
  sortOf,
  toSearchRequest,
  withSort,
  withoutUnknown,
  writeSearchParams,
} from './search-url';

test('a search survives the round trip through the URL', () => {
  const filters = {
    albums: ['Space', 'Science'],
    collections: ['ACAL'],
    tags: ['Budget'],
    cards: ['Moon'],
    user: 'StarGazer',
    sortBy: 'score' as const,
    restricted: true,
  };
  const params = writeSearchParams(filters, 3);
  expect(readSearchParams(new URLSearchParams(params.toString()))).toEqual({ filters, page: 3 });
});

test('the home column links read as their filters', () => {
  expect(readSearchParams(new URLSearchParams('sort=score&restricted=1'))).toEqual({
    filters: { albums: [], collections: [], tags: [], cards: [], sortBy: 'score', restricted: true },
    page: 1,
  });
  expect(
    searchResultsHref({ albums: [], collections: [], tags: [], cards: [], sortBy: 'score', restricted: true }),
  ).toBe('/deck-search-results?sort=score&restricted=1');
});

test('a bad page number falls back to page 1', () => {
  expect(readSearchParams(new URLSearchParams('page=-2')).page).toBe(1);
  expect(readSearchParams(new URLSearchParams('page=abc')).page).toBe(1);
});

test('navigation state is read defensively', () => {
  expect(filtersFromState(null)).toBeNull();
  expect(filtersFromState({ albums: ['Space', 3], sortBy: 'score', restricted: true })).toEqual({
    albums: ['Space'],
    collections: [],
    tags: [],
    cards: [],
    sortBy: 'score',
    restricted: true,
  });
});

test('the API request leaves out what is not set', () => {
  expect(toSearchRequest({ albums: [], collections: [], tags: [], cards: [] })).toEqual({
    albums: [],
    collections: [],
    tags: [],
    cards: [],
  });
});

test('the two orders of the sort control map to the API sort and back, the window kept', () => {
  const base = { albums: ['Space'], collections: [], tags: [], cards: [] };
  expect(withSort(base, 'top')).toEqual({ ...base, sortBy: 'score' });
  expect(withSort({ ...base, restricted: true }, 'top')).toEqual({ ...base, sortBy: 'score', restricted: true });
  expect(withSort({ ...base, sortBy: 'score', restricted: true }, 'newest')).toEqual({ ...base, restricted: true });
  for (const sort of ['newest', 'top'] as const) expect(sortOf(withSort(base, sort))).toBe(sort);
  expect(writeSearchParams(withSort({ ...base, restricted: true }, 'top')).toString()).toBe(
    'albums=Space&sort=score&restricted=1',
  );
});

test('unknown categories and sorts of a shared address are dropped and reported', () => {
  const { filters } = readSearchParams(
    new URLSearchParams('tags=Budget&tags=Nonsense&albums=Mars&collections=ACAL&cards=Moon&sort=weird'),
  );
  expect(withoutUnknown(filters)).toEqual({
    filters: { albums: [], collections: ['ACAL'], tags: ['Budget'], cards: ['Moon'] },
    unknown: [
      { key: 'albums', value: 'Mars' },
      { key: 'tags', value: 'Nonsense' },
      { key: 'sort', value: 'weird' },
    ],
  });
});

test('exclusions and the 30-day window survive the URL and reach the API under their own names', () => {
  const filters = {
    albums: ['Space'],
    collections: [],
    tags: [],
    cards: [],
    excludeAlbums: ['History'],
    excludeTags: ['Budget'],
    excludeCards: ['Moon', 'Five Eyes'],
    window: '30d',
  };
  const params = writeSearchParams(filters);
  expect(params.toString()).toBe(
    'albums=Space&excludeAlbums=History&excludeTags=Budget&excludeCards=Moon&excludeCards=Five+Eyes&window=30d',
  );
  expect(readSearchParams(new URLSearchParams(params.toString())).filters).toEqual(filters);
  expect(toSearchRequest(filters)).toEqual({
    albums: ['Space'],
    collections: [],
    tags: [],
    cards: [],
    excludeAlbums: ['History'],
    excludeTags: ['Budget'],
    excludeCards: ['Moon', 'Five Eyes'],
    window: '30d',
  });
  expect(filtersFromState({ excludeCards: ['Moon', 1], window: '30d' })).toEqual({
    albums: [],
    collections: [],
    tags: [],
    cards: [],
    excludeCards: ['Moon'],
    window: '30d',
  });
});

test('the date window: this week is the weekly reset, the sort keeps its order', async () => {
  const { windowOf, withWindow } = await import('./search-url');
  const base = { albums: [], collections: [], tags: [], cards: [], sortBy: 'score' };
  expect(windowOf(base)).toBe('all');
  expect(withWindow(base, 'week')).toEqual({ ...base, restricted: true });
  expect(withWindow({ ...base, restricted: true }, '30d')).toEqual({ ...base, window: '30d' });
  expect(withWindow({ ...base, window: '30d' }, 'all')).toEqual(base);
  expect(windowOf({ ...base, restricted: true })).toBe('week');
  expect(readSearchParams(new URLSearchParams('window=week')).filters.restricted).toBe(true);
  // An order names no window of its own: the window chosen stays (issue 38).
  expect(withSort({ ...base, window: '30d' }, 'top')).toEqual({ ...base, window: '30d' });
});

test('an unknown excluded album or tag is named and left out', () => {
  const { filters, unknown } = withoutUnknown({
    albums: [],
    collections: [],
    tags: [],
    cards: [],
    excludeAlbums: ['Atlantis', 'Space'],
    excludeTags: ['Nope'],
  });
  expect(filters.excludeAlbums).toEqual(['Space']);
  expect(filters.excludeTags).toEqual([]);
  expect(unknown).toEqual([
    { key: 'excludeAlbums', value: 'Atlantis' },
    { key: 'excludeTags', value: 'Nope' },
  ]);
});

test('the search text survives the URL and the navigation state, and reaches the API as `text`', () => {
  const filters = { albums: [], collections: [], tags: ['Budget'], cards: [], text: 'Crème "dragons" -x' };
  const params = writeSearchParams(filters);
  expect(params.toString()).toBe('tags=Budget&text=Cr%C3%A8me+%22dragons%22+-x');
  expect(readSearchParams(new URLSearchParams(params.toString())).filters).toEqual(filters);
  expect(toSearchRequest(filters)).toEqual({
    albums: [],
    collections: [],
    tags: ['Budget'],
    cards: [],
    text: filters.text,
  });
  expect(filtersFromState({ text: '  ocean ' })).toEqual({
    albums: [],
    collections: [],
    tags: [],
    cards: [],
    text: 'ocean',
  });
  // A blank text is no text.
  expect(readSearchParams(new URLSearchParams('text=%20%20')).filters).toEqual({
    albums: [],
    collections: [],
    tags: [],
    cards: [],
  });
  expect(toSearchRequest({ albums: [], collections: [], tags: [], cards: [] })).not.toHaveProperty('text');
});
