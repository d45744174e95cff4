import { metaViewParams, readMetaView, sortedBy } from './meta-url';

test('a view survives the address, defaults left out', () => {
  const view = readMetaView(new URLSearchParams('sort=change&order=asc&album=Space&collection=SAS&rarity=Epic&page=3'));
  expect(view).toEqual({ sort: 'change', order: 'asc', album: 'Space', collection: 'SAS', rarity: 'Epic', page: 3 });
  expect(readMetaView(metaViewParams(view))).toEqual(view);
  expect(metaViewParams(readMetaView(new URLSearchParams(''))).toString()).toBe('');
});

test('unknown values fall back to the defaults', () => {
  expect(readMetaView(new URLSearchParams('sort=bogus&order=up&album=Mars&rarity=Shiny&page=-4'))).toEqual({
    sort: 'decks',
    order: 'desc',
    page: 1,
  });
});

test('sorting a new column starts from the top, the same column flips, and goes back to page 1', () => {
  const view = readMetaView(new URLSearchParams('page=4'));
  expect(sortedBy(view, 'score')).toMatchObject({ sort: 'score', order: 'desc', page: 1 });
  expect(sortedBy(view, 'decks')).toMatchObject({ sort: 'decks', order: 'asc' });
  expect(sortedBy(view, 'name')).toMatchObject({ sort: 'name', order: 'asc' });
});
