import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { testDeck } from '../../test/decks';
import CompareDecksPage from './CompareDecksPage';

const card = (name: string, code: string) => ({ name, code });
const A = testDeck(1, {
  title: 'Mine',
  cards: ['Heimdall', 'Sand Cat', 'Hypernova'],
  cardList: [card('Heimdall', 'ACNO012'), card('Sand Cat', 'LCA020'), card('Hypernova', 'FSP006')],
});
const B = testDeck(2, {
  title: 'Theirs',
  cards: ['Sand Cat', 'Five Eyes', 'Heimdall'],
  cardList: [card('Sand Cat', 'LCA020'), card('Five Eyes', 'EES026'), card('Heimdall', 'ACNO012')],
});

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    async (url: string) => new Response(JSON.stringify(url.endsWith(A._id) ? A : B), { status: 200 }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

it('shows two decks side by side, marking the cards only one holds', async () => {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/decks/${A._id}/compare/${B._id}`]}>
      <Routes>
        <Route path="/decks/:deckId/compare/:otherId" element={<CompareDecksPage />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(
    await screen.findByRole('heading', { name: MESSAGES.decks.compareTitle('Mine', 'Theirs') }),
  ).toBeInTheDocument();
  const [mine, theirs] = screen.getAllByRole('region');
  const only = (region: HTMLElement) =>
    within(region)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('compare-only'))
      .map((li) => within(li).getByRole('link').textContent);
  expect(only(mine)).toEqual(['Hypernova']);
  expect(only(theirs)).toEqual(['Five Eyes']);
  expect(within(mine).getByRole('link', { name: 'Mine' })).toHaveAttribute('href', `/decks/${A._id}`);
});
