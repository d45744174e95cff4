import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { renderWithProviders } from '../../test/render';
import { DeckPage } from './DeckPage';
import { MESSAGES } from '../../../common/messages';

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

describe('DeckPage as text', () => {
  it('copies the deck as text, deck code first, and says so in a toast', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const withCards: Deck = {
      ...DECK,
      cards: ['Heimdall', 'Sand Cat'],
      cardList: [
        { name: 'Heimdall', code: 'ACNO012' },
        { name: 'Sand Cat', code: 'LCA020' },
      ],
    };
    vi.stubGlobal('fetch', async (url: string) =>
      url.startsWith('/api/decks/onedeck/') && !url.endsWith('/similar')
        ? new Response(JSON.stringify(withCards), { status: 200 })
        : new Response('{"cardCount":2,"decks":[]}', { status: 200 }),
    );
    renderPage(() => false);
    const copy = await screen.findByRole('button', { name: MESSAGES.decks.copyAsText });
    copy.click();
    expect(await screen.findByText(MESSAGES.builder.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Deck code: UH42XD\nHeimdall (ACNO012)\nSand Cat (LCA020)\n');
    expect(screen.getByRole('link', { name: MESSAGES.decks.copyToBuilder })).toHaveAttribute(
      'href',
      `/decks/new?from=${DECK._id}`,
    );
  });

  it('lists the cards only in this deck and only in each similar deck, with a comparison link', async () => {
    const similar = {
      cardCount: 18,
      decks: [
        {
          _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          title: 'Close copy',
          user: 'PaleoPete',
          score: 1,
          shared: 17,
          onlyInThis: [{ code: 'ACNO012', name: 'Heimdall' }],
          onlyInOther: [{ code: 'LCA020', name: 'Sand Cat' }],
        },
      ],
    };
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/similar')
        ? new Response(JSON.stringify(similar), { status: 200 })
        : new Response(JSON.stringify(DECK), { status: 200 }),
    );
    renderPage(() => false);
    const compare = await screen.findByRole('link', { name: `${MESSAGES.decks.compare}: Close copy` });
    expect(compare).toHaveAttribute('href', `/decks/${DECK._id}/compare/aaaaaaaaaaaaaaaaaaaaaaaa`);
    const item = compare.closest('li')!;
    expect(item).toHaveTextContent(`${MESSAGES.decks.onlyHere}: Heimdall`);
    expect(item).toHaveTextContent(`${MESSAGES.decks.onlyThere}: Sand Cat`);
  });
});
