import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Deck } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { EditDeckModal } from './EditDeckModal';

const DECK: Deck = {
  _id: 'd1',
  title: 'Space Race',
  deckcode: '',
  user: 'StarGazer',
  image: '/upload/x.png',
  description: '',
  cards: ['Heimdall'],
  albums: ['Space'],
  collections: [],
  tags: [],
  score: 0,
  voters: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server at the fetch level: the edit answers the deck with the values sent. */
function stubApi() {
  const edits: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === `/api/decks/editdeck/${DECK._id}`) {
      edits.push(body);
      return new Response(JSON.stringify({ ...DECK, ...body }), { status: 200 });
    }
    return new Response(JSON.stringify({ error: 'Not Found', message: 'no' }), { status: 404 });
  });
  return edits;
}

afterEach(() => vi.unstubAllGlobals());

test('an empty title says "Title is required" and sends nothing; a title typed then is saved trimmed', async () => {
  const edits = stubApi();
  const onClose = vi.fn();
  renderWithProviders(<EditDeckModal deck={DECK} onClose={onClose} />);
  const title = screen.getByLabelText('Title');
  await userEvent.clear(title);
  await userEvent.type(title, '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.upload.titleRequired);
  expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(title).toHaveFocus();
  expect(edits).toHaveLength(0);
  expect(screen.queryByText(MESSAGES.editDeck.success)).not.toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();

  await userEvent.type(title, 'Moon Shot ');
  expect(screen.queryByText(MESSAGES.upload.titleRequired)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(edits).toEqual([expect.objectContaining({ title: 'Moon Shot' })]);
  expect(screen.getByText(MESSAGES.editDeck.success)).toBeInTheDocument();
});
