import { pageCount, pageItems } from './page-items';

const pages = (current: number, count: number) =>
  pageItems(current, count).map((i) => (i.kind === 'page' ? i.page : '…'));

test('page count rounds up, with at least one page', () => {
  expect(pageCount(0, 12)).toBe(1);
  expect(pageCount(12, 12)).toBe(1);
  expect(pageCount(13, 12)).toBe(2);
  expect(pageCount(66, 12)).toBe(6);
});

test('few pages are all shown', () => {
  expect(pages(1, 1)).toEqual([1]);
  expect(pages(2, 5)).toEqual([1, 2, 3, 4, 5]);
});

test('many pages keep the first, the last and the neighbours of the current one', () => {
  expect(pages(1, 20)).toEqual([1, 2, '…', 20]);
  expect(pages(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20]);
  expect(pages(20, 20)).toEqual([1, '…', 19, 20]);
});

test('a gap never hides a single page', () => {
  expect(pages(4, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
});
