// The answers the server puts in a page's HTML (src/common/first-requests.ts) are what the first
// screens show, without asking the network; they are taken once, and a request they do not hold
// goes to the network as before.
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { deckSchema, type Deck } from '../../common/api/decks';
import { answerKey, FIRST_ANSWERS_ID, firstRequestsOf } from '../../common/first-requests';
import { apiRequest, resetFirstAnswers } from '../lib/api-client';
import { renderWithProviders } from '../test/render';
import { HomePage } from '../features/home/HomePage';
import DeckRoute from './routes/DeckRoute';
import { testDeck } from '../test/decks';

const deck = (i: number, title = `Deck ${i}`): Deck => testDeck(i, { title });

/** Puts the answers in the document as the server does, and records what still goes to the network. */
function servePage(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    if (url === '/api/session') return new Response(JSON.stringify({ user: null }), { status: 200 });
    return new Response(JSON.stringify({ decks: [], totalDecks: 0 }), { status: 200 });
  });
  return fetched;
}

beforeEach(() => resetFirstAnswers());
afterEach(() => {
  document.getElementById(FIRST_ANSWERS_ID)?.remove();
  vi.unstubAllGlobals();
});

test('home: the three columns come from the page, no search goes to the network', async () => {
  const [week, newest, allTime] = firstRequestsOf('/', {});
  const fetched = servePage({
    [answerKey(week)]: { decks: [deck(1, 'Weekly Best')], totalDecks: 1 },
    [answerKey(newest)]: { decks: [deck(2, 'Freshly Built')], totalDecks: 1 },
    [answerKey(allTime)]: { decks: [deck(3, 'Hall of Fame')], totalDecks: 1 },
  });
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  renderWithProviders(<RouterProvider router={router} />);
  for (const title of ['Weekly Best', 'Freshly Built', 'Hall of Fame'])
    expect(await screen.findByText(title)).toBeInTheDocument();
  expect(fetched.filter((url) => url.startsWith('/api/decks/'))).toEqual([]);
});

test('deck page: the deck comes from the page', async () => {
  const shown = deck(7, 'Embedded Deck');
  const fetched = servePage({ [answerKey(firstRequestsOf('/decks/:deckId', { deckId: shown._id })[0])]: shown });
  const router = createMemoryRouter([{ path: '/decks/:deckId', element: <DeckRoute /> }], {
    initialEntries: [`/decks/${shown._id}`],
  });
  renderWithProviders(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Embedded Deck' })).toBeInTheDocument();
  expect(fetched).not.toContain(`/api/decks/onedeck/${shown._id}`);
});

test('an answer is taken once; a request the page does not hold goes to the network', async () => {
  const [call] = firstRequestsOf('/meta', {});
  const fetched = servePage({ [answerKey(call)]: { from: 'page' } });
  expect(await apiRequest(call.path, null)).toEqual({ from: 'page' });
  expect(fetched).toEqual([]);
  expect(await apiRequest(call.path, null)).toEqual({ decks: [], totalDecks: 0 });
  expect(fetched).toEqual([call.path]);
  await apiRequest('/api/meta/cards?sort=name&order=asc&page=1', null);
  expect(fetched).toEqual([call.path, '/api/meta/cards?sort=name&order=asc&page=1']);
});

test('an answer that does not fit the schema is an error, as from the network', async () => {
  const call = firstRequestsOf('/decks/:deckId', { deckId: deck(9)._id })[0];
  servePage({ [answerKey(call)]: { title: 42 } });
  await expect(apiRequest(call.path, deckSchema)).rejects.toThrow('The server sent an unexpected answer.');
});
