import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { renderWithProviders } from '../../test/render';
import { DeckPage } from './DeckPage';

const DECK: Deck = {
  _id: '65f0a1b2c3d4e5f6a7b8c9d0',
  title: 'Space Race',
  deckcode: 'UH42XD',
  user: 'StarGazer',
  image: '/upload/1.webp',
  description: '',
  cards: [],
  albums: ['Space'],
  collections: [],
  tags: [],
  score: 3,
  voters: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

beforeEach(() =>
  vi.stubGlobal('fetch', async (url: string) =>
    url.startsWith('/api/decks/onedeck/')
      ? new Response(JSON.stringify(DECK), { status: 200 })
      : new Response('[]', { status: 200 }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

function renderPage(renderReport: (deck: Deck) => React.ReactNode) {
  renderWithProviders(
    <MemoryRouter>
      <DeckPage deckId={DECK._id} renderVote={() => null} comments={null} renderReport={renderReport} />
    </MemoryRouter>,
  );
}

describe('DeckPage byline', () => {
  it('ends with the date when Report is hidden (the own deck, a guest): no stray "·"', async () => {
    renderPage(() => false);
    await screen.findByRole('heading', { name: 'Space Race' });
    const byline = document.querySelector('.deck-byline')!;
    expect(byline.textContent).toMatch(/^by StarGazer · \S.*\d$/);
    expect(byline.textContent).not.toMatch(/·\s*$/);
  });

  it('separates a shown Report with "·"', async () => {
    renderPage(() => <button type="button">Report deck</button>);
    await screen.findByRole('heading', { name: 'Space Race' });
    expect(document.querySelector('.deck-byline')!.textContent).toMatch(/\d · Report deck$/);
  });
});
