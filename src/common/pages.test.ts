import { matchPage } from './pages';

test('pages match with their parameters, other paths do not', () => {
  expect(matchPage('/')?.path).toBe('/');
  expect(matchPage('/decks/')?.path).toBe('/decks');
  expect(matchPage('/decks/abc')).toEqual({ path: '/decks/:deckId', params: { deckId: 'abc' } });
  expect(matchPage('/users/Star%20Gazer')?.params).toEqual({ username: 'Star Gazer' });
  for (const other of ['/nope', '/decks/a/b', '/users/', '/profile/x']) expect(matchPage(other), other).toBeNull();
});
