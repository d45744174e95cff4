import { NO_FILTERS } from './curated-table';
import { DEFAULT_SORT, readTableParams, writeTableParams } from './table-url';

test('filters and sort survive the round trip through the address', () => {
  const filters = { title: 'burn', albums: ['Space'], collections: ['ACAL'], tags: ['Budget', 'Burn'] };
  const sort = { key: 'title', direction: 'ascending' } as const;
  const params = writeTableParams(filters, sort);
  expect(params.toString()).toBe('q=burn&albums=Space&collections=ACAL&tags=Budget&tags=Burn&sort=title&dir=asc');
  expect(readTableParams(new URLSearchParams(params.toString()))).toEqual({ filters, sort });
});

test('the defaults leave the address empty, and a bad sort falls back to them', () => {
  expect(writeTableParams(NO_FILTERS, DEFAULT_SORT).toString()).toBe('');
  expect(readTableParams(new URLSearchParams('sort=score&dir=up'))).toEqual({
    filters: NO_FILTERS,
    sort: DEFAULT_SORT,
  });
});
