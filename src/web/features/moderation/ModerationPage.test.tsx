import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QUEUE_ITEMS_PER_PAGE, type ModerationQueue, type QueueItem } from '../../../common/api/moderation';
import { renderWithProviders } from '../../test/render';
import ModerationPage from './ModerationPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (n: number, overrides: Partial<QueueItem> = {}): QueueItem => ({
  itemType: 'deck',
  itemId: `d${n}`,
  deckId: `d${n}`,
  text: `Deck ${n}`,
  author: 'Author',
  isHidden: false,
  reportCount: 27,
  establishedReportCount: 0,
  firstReportedAt: '2026-01-01T00:00:00.000Z',
  reports: [{ username: `flooder${n}`, reason: 'Spam', createdAt: '2026-01-01T00:00:00.000Z', isNewAccount: true }],
  ...overrides,
});

test('the queue shows one page of items with their report counts, new accounts marked, and pages to the rest', async () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    const items =
      page === 1
        ? [
            item(0, {
              text: 'Really copied',
              reportCount: 1,
              establishedReportCount: 1,
              reports: [
                { username: 'Reader', reason: 'Copied', createdAt: '2026-01-01T00:00:00.000Z', isNewAccount: false },
              ],
            }),
            ...Array.from({ length: QUEUE_ITEMS_PER_PAGE - 1 }, (_, i) => item(i + 1)),
          ]
        : [item(99, { text: 'Last flooded' })];
    const answer: ModerationQueue = { items, page, totalItems: QUEUE_ITEMS_PER_PAGE + 1, log: [] };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/moderation']}>
      <ModerationPage />
    </MemoryRouter>,
  );
  const first = (await screen.findByRole('link', { name: 'Really copied' })).closest('li')!;
  expect(first).toHaveTextContent('1 report, 1 from an established account');
  expect(first).not.toHaveTextContent('(new account)');
  const flooded = screen.getByRole('link', { name: 'Deck 1' }).closest('li')!;
  expect(flooded).toHaveTextContent('27 reports, none from established accounts');
  expect(flooded).toHaveTextContent('flooder1 (new account): Spam');
  expect(screen.getByText(`${QUEUE_ITEMS_PER_PAGE + 1} items`, { exact: false })).toBeInTheDocument();
  // The queue's first page only (the page also asks for the cards proposed from screenshots).
  expect(asked.filter((url) => url.includes('/queue'))).toEqual(['/api/moderation/queue?page=1']);

  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(await screen.findByRole('link', { name: 'Last flooded' })).toBeInTheDocument();
  expect(asked).toContain('/api/moderation/queue?page=2');
});

test('the log names the decks by title, linked to them, instead of raw ids', async () => {
  const at = '2026-01-02T00:00:00.000Z';
  const answer: ModerationQueue = {
    items: [],
    page: 1,
    totalItems: 0,
    log: [
      {
        moderator: 'Mod',
        action: 'hide',
        itemType: 'deck',
        itemId: 'aa11',
        deckId: 'aa11',
        deckTitle: 'Spam deck',
        createdAt: at,
      },
      {
        moderator: 'Mod',
        action: 'restore',
        itemType: 'comment',
        itemId: 'cc22',
        deckId: 'bb22',
        deckTitle: 'Quiet deck',
        createdAt: at,
      },
      {
        moderator: null,
        action: 'dismiss',
        itemType: 'deck',
        itemId: 'dd33',
        deckId: null,
        deckTitle: null,
        createdAt: at,
      },
    ],
  };
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));
  renderWithProviders(
    <MemoryRouter initialEntries={['/moderation']}>
      <ModerationPage />
    </MemoryRouter>,
  );
  const log = await screen.findByRole('list', { name: 'Moderation log' });
  const lines = [...log.querySelectorAll('li')];
  expect(lines[0]).toHaveTextContent('Mod hid the deck Spam deck');
  expect(screen.getByRole('link', { name: 'Spam deck' })).toHaveAttribute('href', '/decks/aa11');
  expect(lines[1]).toHaveTextContent('Mod restored a comment on Quiet deck');
  expect(screen.getByRole('link', { name: 'Quiet deck' })).toHaveAttribute('href', '/decks/bb22');
  expect(lines[2]).toHaveTextContent('A former moderator dismissed the reports of a deck since deleted');
  expect(log).not.toHaveTextContent('aa11');
});
