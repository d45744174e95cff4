import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { renderWithProviders } from '../../test/render';
import SearchResultsPage from './SearchResultsPage';

const deck = (i: number): Deck => ({
  _id: i.toString(16).padStart(24, '0'), title: `Deck ${i}`, deckcode: 'null', user: 'StarGazer', image: `/upload/${i}.webp`, description: '',
  cards: [], albums: ['Space'], collections: [], tags: [], score: i, voters: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
});

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
  const router = createMemoryRouter([{ path: '/deck-search-results', element: <SearchResultsPage /> }], { initialEntries: [{ pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }] });
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
  expect(requests[0]).toEqual({ url: '/api/decks/search-decks?page=1&limit=12', body: { albums: ['Space'], collections: [], tags: [], cards: [], sortBy: 'score' } });

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
  expect(requests.at(-1)?.body).toEqual({ albums: [], collections: [], tags: ['Budget'], cards: [], sortBy: 'score', restricted: true });
  expect(router.state.location.search).toBe('?tags=Budget&sort=score&restricted=1');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Top Decks This Week');
  expect(screen.queryByRole('navigation', { name: 'Search results pages' })).not.toBeInTheDocument();
});

test('an empty result says so', async () => {
  stubApi(0);
  renderAt('/deck-search-results?cards=Nothing');
  expect(await screen.findByText('No decks found!')).toBeInTheDocument();
});
