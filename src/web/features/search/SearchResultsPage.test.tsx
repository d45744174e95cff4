import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { renderWithProviders } from '../../test/render';
import SearchResultsPage from './SearchResultsPage';
import { testDeck } from '../../test/decks';

const deck = (i: number): Deck => testDeck(i);

/** A fake search API over `total` decks; records each request so the test can check what was asked. */
function stubApi(total: number) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/cards/')) return new Response('[]', { status: 200 });
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ url, body });
    const params = new URL(url, 'http://x').searchParams;
    const page = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    const decks = Array.from({ length: total }, (_, i) => deck(i + 1)).slice((page - 1) * limit, page * limit);
    return new Response(JSON.stringify({ decks, totalDecks: total }), { status: 200 });
  });
  return requests;
}

function renderAt(url: string, state?: unknown) {
  const router = createMemoryRouter([{ path: '/deck-search-results', element: <SearchResultsPage /> }], {
    initialEntries: [{ pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => vi.unstubAllGlobals());

test('the filters of the URL are searched, 12 per page, and the page buttons move through the URL', async () => {
  const requests = stubApi(30);
  const router = renderAt('/deck-search-results?albums=Space&sort=score');
  expect(screen.getByText('Loading decks...')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Deck 1' })).toBeInTheDocument();
  expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('deck-card'))).toHaveLength(12);
  expect(requests[0]).toEqual({
    url: '/api/decks/search-decks?page=1&limit=12',
    body: { albums: ['Space'], collections: [], tags: [], cards: [], sortBy: 'score' },
  });

  const pager = screen.getByRole('navigation', { name: 'Search results pages' });
  expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
  expect(await screen.findByRole('link', { name: 'Deck 25' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?albums=Space&sort=score&page=3');
  expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('deck-card'))).toHaveLength(6);
});

test('filters handed over as navigation state are searched and written into the URL', async () => {
  const requests = stubApi(1);
  const router = renderAt('/deck-search-results', { tags: ['Budget'], sortBy: 'score', restricted: true });
  expect(await screen.findByRole('link', { name: 'Deck 1' })).toBeInTheDocument();
  expect(requests.at(-1)?.body).toEqual({
    albums: [],
    collections: [],
    tags: ['Budget'],
    cards: [],
    sortBy: 'score',
    restricted: true,
  });
  expect(router.state.location.search).toBe('?tags=Budget&sort=score&restricted=1');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Top Decks This Week');
  expect(screen.queryByRole('navigation', { name: 'Search results pages' })).not.toBeInTheDocument();
});

test('an empty result says so', async () => {
  stubApi(0);
  renderAt('/deck-search-results?cards=Nothing');
  expect(await screen.findByText('No decks found!')).toBeInTheDocument();
});

test('a page past the last one does not say "No decks found!" under the count; it offers the last page', async () => {
  stubApi(71);
  const router = renderAt('/deck-search-results?albums=Space&page=99');
  expect(await screen.findByText(/Page 99 is past the last page of these 71 decks\./)).toBeInTheDocument();
  expect(screen.queryByText('No decks found!')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Go to page 6' }));
  expect(router.state.location.search).toBe('?albums=Space&page=6');
  expect(await screen.findByRole('link', { name: 'Deck 71' })).toBeInTheDocument();
});

test('the sort control orders the results and keeps the order in the URL', async () => {
  const requests = stubApi(3);
  const router = renderAt('/deck-search-results?albums=Space');
  expect(await screen.findByRole('link', { name: 'Deck 1' })).toBeInTheDocument();
  const sort = screen.getByRole('group', { name: 'Sort' });
  const window = screen.getByRole('group', { name: 'Date' });
  expect(within(sort).getByRole('radio', { name: 'Newest' })).toBeChecked();
  await userEvent.click(within(sort).getByRole('radio', { name: 'Most upvoted' }));
  expect(router.state.location.search).toBe('?albums=Space&sort=score');
  expect(await screen.findByRole('heading', { level: 1, name: /Top Decks All Time/ })).toBeInTheDocument();
  await userEvent.click(within(window).getByRole('radio', { name: 'This week' }));
  expect(router.state.location.search).toBe('?albums=Space&sort=score&restricted=1');
  expect(await screen.findByRole('heading', { level: 1, name: /Top Decks This Week/ })).toBeInTheDocument();
  expect(requests.at(-1)?.body).toEqual({
    albums: ['Space'],
    collections: [],
    tags: [],
    cards: [],
    sortBy: 'score',
    restricted: true,
  });
  await userEvent.click(within(sort).getByRole('radio', { name: 'Newest' }));
  expect(router.state.location.search).toBe('?albums=Space&restricted=1');
});

test('the heading and the two controls never disagree: Most upvoted over the last 30 days (issue 38)', async () => {
  stubApi(3);
  renderAt('/deck-search-results?sort=score&window=30d');
  expect(await screen.findByRole('heading', { level: 1, name: /Top Decks of the Last 30 Days/ })).toBeInTheDocument();
  expect(
    within(screen.getByRole('group', { name: 'Sort' })).getByRole('radio', { name: 'Most upvoted' }),
  ).toBeChecked();
  expect(
    within(screen.getByRole('group', { name: 'Date' })).getByRole('radio', { name: 'Last 30 days' }),
  ).toBeChecked();
  expect(screen.queryByText(/Top all time/i)).toBeNull();
});

test('a failed search is shown as an error, not as "No decks found!", and can be asked again', async () => {
  let calls = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/api/cards/')) return new Response('[]', { status: 200 });
    calls += 1;
    return new Response(JSON.stringify({ error: 'Bad Request', message: 'Unknown filter.' }), { status: 400 });
  });
  renderAt('/deck-search-results?cards=Moon');
  expect(await screen.findByRole('alert')).toHaveTextContent('The search failed: Unknown filter.');
  expect(screen.queryByText('No decks found!')).not.toBeInTheDocument();
  expect(calls).toBe(1); // a refusal is not asked again by itself
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await vi.waitFor(() => expect(calls).toBe(2));
});

test('a server error is shown as an error too', async () => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/api/cards/')) return new Response('[]', { status: 200 });
    return new Response('<html>oops</html>', { status: 500 });
  });
  renderAt('/deck-search-results');
  expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
    'The search failed: Request failed (500)',
  );
  expect(screen.queryByText('No decks found!')).not.toBeInTheDocument();
});

test('an unknown tag of a shared address is left out of the search and named', async () => {
  const requests = stubApi(2);
  renderAt('/deck-search-results?albums=Space&tags=Nonsense');
  expect(await screen.findByRole('link', { name: 'Deck 1' })).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent(
    'Left out of this search, as this site does not know it: tag "Nonsense".',
  );
  expect(requests[0].body).toEqual({ albums: ['Space'], collections: [], tags: [], cards: [] });
});

test('the date window beside the sort narrows the search and stays in the URL', async () => {
  const requests = stubApi(3);
  const router = renderAt('/deck-search-results?albums=Space&excludeCards=Moon');
  expect(await screen.findByRole('link', { name: 'Deck 1' })).toBeInTheDocument();
  expect(requests[0].body).toEqual({ albums: ['Space'], collections: [], tags: [], cards: [], excludeCards: ['Moon'] });
  const window = screen.getByRole('group', { name: 'Date' });
  expect(within(window).getByRole('radio', { name: 'All time' })).toBeChecked();
  await userEvent.click(within(window).getByRole('radio', { name: 'Last 30 days' }));
  expect(router.state.location.search).toBe('?albums=Space&excludeCards=Moon&window=30d');
  await vi.waitFor(() =>
    expect(requests.at(-1)?.body).toEqual({
      albums: ['Space'],
      collections: [],
      tags: [],
      cards: [],
      excludeCards: ['Moon'],
      window: '30d',
    }),
  );
  await userEvent.click(within(window).getByRole('radio', { name: 'This week' }));
  expect(router.state.location.search).toBe('?albums=Space&restricted=1&excludeCards=Moon');
  // The exclusions of the URL open the Exclude section of the bar.
  expect(screen.getByText('Exclude').closest('details')).toHaveAttribute('open');
});

test('the text of the URL is searched and shown; a new text replaces it and an emptied box drops it', async () => {
  const requests = stubApi(2);
  const router = renderAt('/deck-search-results?albums=Space&text=cr%C3%A8me+dragons');
  expect(await screen.findByRole('link', { name: 'Deck 1' })).toBeInTheDocument();
  expect(requests[0].body).toEqual({ albums: ['Space'], collections: [], tags: [], cards: [], text: 'crème dragons' });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “crème dragons”');
  const box = screen.getByRole('searchbox', { name: 'Title, deck code or author' });
  expect(box).toHaveValue('crème dragons');

  await userEvent.clear(box);
  await userEvent.type(box, '  X7K2PQ {Enter}');
  expect(router.state.location.search).toBe('?albums=Space&text=X7K2PQ');
  await vi.waitFor(() => expect(requests.at(-1)?.body).toMatchObject({ albums: ['Space'], text: 'X7K2PQ' }));

  await userEvent.clear(screen.getByRole('searchbox', { name: 'Title, deck code or author' }));
  await userEvent.click(screen.getByRole('button', { name: 'Search for Decks' }));
  expect(router.state.location.search).toBe('?albums=Space');
  await vi.waitFor(() =>
    expect(requests.at(-1)?.body).toEqual({ albums: ['Space'], collections: [], tags: [], cards: [] }),
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results');
  expect(screen.getByRole('searchbox', { name: 'Title, deck code or author' })).toHaveValue('');
});
