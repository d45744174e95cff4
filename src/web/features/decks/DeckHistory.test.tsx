import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DeckVersions } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { DECKS_QUERY_KEY } from '../../lib/deck-cache';
import { DeckHistory } from './DeckHistory';

const ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const card = (name: string, code: string | null) => ({ name, code });

function serve(answer: DeckVersions) {
  vi.stubGlobal('fetch', async (url: string) =>
    url === `/api/decks/onedeck/${ID}/versions`
      ? new Response(JSON.stringify(answer), { status: 200 })
      : new Response('{}', { status: 404 }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderHistory() {
  return renderWithProviders(
    <MemoryRouter>
      <p>Deck</p>
      <DeckHistory deckId={ID} />
    </MemoryRouter>,
  );
}

describe('DeckHistory', () => {
  it('lists each version newest first with the cards added and removed, linked to their pages', async () => {
    serve({
      versions: [
        { date: '2026-03-02T10:00:00Z', cards: [], added: [card('Sand Cat', 'LCA020')], removed: [] },
        {
          date: '2026-02-01T10:00:00Z',
          cards: [],
          added: [card('Heimdall', 'ACNO012'), card('Old Card', null)],
          removed: [card('Hypernova', 'FSP006')],
        },
        { date: '2026-01-01T10:00:00Z', cards: [], added: [], removed: [] },
      ],
    });
    renderHistory();
    const history = await screen.findByRole('region', { name: MESSAGES.decks.historyTitle });
    const versions = within(history).getAllByRole('listitem');
    expect(versions).toHaveLength(3);
    expect(versions[0]).toHaveTextContent(MESSAGES.decks.versionChanged);
    expect(versions[2]).toHaveTextContent(MESSAGES.decks.versionPublished);
    expect(within(versions[0]).getByRole('link', { name: 'Sand Cat' })).toHaveAttribute('href', '/cards/LCA020');
    expect(versions[1]).toHaveTextContent(`${MESSAGES.decks.versionAdded}: Heimdall, Old Card`);
    expect(versions[1]).toHaveTextContent(`${MESSAGES.decks.versionRemoved}: Hypernova`);
    expect(within(versions[1]).getByRole('link', { name: 'Hypernova' })).toHaveAttribute('href', '/cards/FSP006');
    // A card kept without a code has no page to link.
    expect(within(versions[1]).queryByRole('link', { name: 'Old Card' })).not.toBeInTheDocument();
    expect(versions[0].querySelector('time')).toHaveAttribute('datetime', '2026-03-02T10:00:00Z');
  });

  it('says so when a correction changed only the order or the code', async () => {
    serve({
      versions: [
        { date: '2026-03-02T10:00:00Z', cards: [], added: [], removed: [] },
        { date: '2026-01-01T10:00:00Z', cards: [], added: [], removed: [] },
      ],
    });
    renderHistory();
    expect(await screen.findByText(MESSAGES.decks.versionNoChange)).toBeInTheDocument();
  });

  it('is hidden while the deck has had only one list', async () => {
    serve({ versions: [{ date: '2026-01-01T10:00:00Z', cards: [], added: [], removed: [] }] });
    const { client } = renderHistory();
    // Answered, and still nothing shown.
    await waitFor(() => expect(client.getQueryState([...DECKS_QUERY_KEY, 'versions', ID])?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: MESSAGES.decks.historyTitle })).not.toBeInTheDocument();
  });
});
