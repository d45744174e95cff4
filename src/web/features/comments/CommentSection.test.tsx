import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { MemoryRouter } from 'react-router';
import { COMMENT_BANNER_MS, CommentSection } from './CommentSection';

const COMMENT = {
  _id: 'c1',
  Username: 'StarGazer',
  Comment: 'Nice',
  html: '<p>Nice</p>',
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test("a posted comment shows 'Comment added!' as the app's toast, with a progress bar, for 3 s", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const comments: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      comments.push(COMMENT);
      return new Response(JSON.stringify(COMMENT), { status: 200 });
    }
    return new Response(JSON.stringify(comments), { status: 200 });
  });
  renderWithProviders(
    <MemoryRouter>
      <CommentSection deckId="d1" username="StarGazer" canComment />
    </MemoryRouter>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(await screen.findByLabelText('Add a comment'), 'Nice');
  await user.click(screen.getByRole('button', { name: 'Post Comment' }));
  const toast = await screen.findByText(MESSAGES.comments.added);
  expect(toast.closest('.toasts')).not.toBeNull();
  expect(toast.closest('[role="status"]')).not.toBeNull();
  expect(document.querySelector('.toast-progress')).toHaveStyle({ animationDuration: `${COMMENT_BANNER_MS}ms` });
  act(() => vi.advanceTimersByTime(COMMENT_BANNER_MS - 100));
  expect(screen.getByText(MESSAGES.comments.added)).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(200));
  expect(screen.queryByText(MESSAGES.comments.added)).not.toBeInTheDocument();
});

test("comments show the server's HTML (Markdown rendered and sanitised there); a hidden one is marked for its author", async () => {
  const list = [
    {
      _id: 'c2',
      Username: 'StarGazer',
      Comment: '**Play** [[Five Eyes]]',
      html: '<p><strong>Play</strong> <a href="/cards/SAS001" class="card-mention">Five Eyes</a></p>',
      createdAt: '2026-01-01T00:00:00.000Z',
      isHidden: true,
    },
  ];
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(list), { status: 200 }));
  renderWithProviders(
    <MemoryRouter>
      <CommentSection
        deckId="d1"
        username="StarGazer"
        canComment
        renderActions={(comment) => <button type="button">Report {comment._id}</button>}
      />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('link', { name: 'Five Eyes' })).toHaveAttribute('href', '/cards/SAS001');
  expect(screen.getByText('Play').tagName).toBe('STRONG');
  expect(screen.getByText('Hidden')).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.moderation.hiddenNotice('comment'))).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Report c2' })).toBeInTheDocument();
});

test('after posting a comment the focus is back in the emptied comment box, not on <body>', async () => {
  const comments: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      comments.push(COMMENT);
      return new Response(JSON.stringify(COMMENT), { status: 200 });
    }
    return new Response(JSON.stringify(comments), { status: 200 });
  });
  renderWithProviders(
    <MemoryRouter>
      <CommentSection deckId="d1" username="StarGazer" canComment />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  const box = await screen.findByLabelText('Add a comment');
  await user.type(box, 'Nice');
  await user.click(screen.getByRole('button', { name: 'Post Comment' }));
  await screen.findByText(MESSAGES.comments.added);
  expect(box).toHaveValue('');
  expect(box).toHaveFocus();
});
