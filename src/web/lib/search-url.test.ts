import { filtersFromState, readSearchParams, searchResultsHref, sortOf, toSearchRequest, withSort, withoutUnknown, writeSearchParams } from './search-url';

test('a search survives the round trip through the URL', () => {
  const filters = { albums: ['Space', 'Science'], collections: ['ACAL'], tags: ['Budget'], cards: ['Moon'], user: 'StarGazer', sortBy: 'score' as const, restricted: true };
  const params = writeSearchParams(filters, 3);
  expect(readSearchParams(new URLSearchParams(params.toString()))).toEqual({ filters, page: 3 });
});

test('the home column links read as their filters', () => {
  expect(readSearchParams(new URLSearchParams('sort=score&restricted=1'))).toEqual({
    filters: { albums: [], collections: [], tags: [], cards: [], sortBy: 'score', restricted: true },
    page: 1,
  });
  expect(searchResultsHref({ albums: [], collections: [], tags: [], cards: [], sortBy: 'score', restricted: true })).toBe('/deck-search-results?sort=score&restricted=1');
});

test('a bad page number falls back to page 1', () => {
  expect(readSearchParams(new URLSearchParams('page=-2')).page).toBe(1);
  expect(readSearchParams(new URLSearchParams('page=abc')).page).toBe(1);
});

test('navigation state is read defensively', () => {
  expect(filtersFromState(null)).toBeNull();
  expect(filtersFromState({ albums: ['Space', 3], sortBy: 'score', restricted: true })).toEqual({
    albums: ['Space'], collections: [], tags: [], cards: [], sortBy: 'score', restricted: true,
  });
});

test('the API request leaves out what is not set', () => {
  expect(toSearchRequest({ albums: [], collections: [], tags: [], cards: [] })).toEqual({ albums: [], collections: [], tags: [], cards: [] });
});

test('the three orders of the sort control map to the API sort and back', () => {
  const base = { albums: ['Space'], collections: [], tags: [], cards: [] };
  expect(withSort(base, 'week')).toEqual({ ...base, sortBy: 'score', restricted: true });
  expect(withSort(base, 'all')).toEqual({ ...base, sortBy: 'score' });
  expect(withSort({ ...base, sortBy: 'score', restricted: true }, 'newest')).toEqual(base);
  for (const sort of ['newest', 'week', 'all'] as const) expect(sortOf(withSort(base, sort))).toBe(sort);
  expect(writeSearchParams(withSort(base, 'week')).toString()).toBe('albums=Space&sort=score&restricted=1');
});

test('unknown categories and sorts of a shared address are dropped and reported', () => {
  const { filters } = readSearchParams(new URLSearchParams('tags=Budget&tags=Nonsense&albums=Mars&collections=ACAL&cards=Moon&sort=weird'));
  expect(withoutUnknown(filters)).toEqual({
    filters: { albums: [], collections: ['ACAL'], tags: ['Budget'], cards: ['Moon'] },
    unknown: [
      { key: 'albums', value: 'Mars' },
      { key: 'tags', value: 'Nonsense' },
      { key: 'sort', value: 'weird' },
    ],
  });
});
