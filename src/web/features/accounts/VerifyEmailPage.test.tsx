import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import VerifyEmailPage from './VerifyEmailPage';

afterEach(() => vi.unstubAllGlobals());

/** Records the calls; answers every one with `status` and `body`. */
function stubApi(status: number, body: unknown) {
  const calls: { url: string; method?: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method });
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

function openPage() {
  const router = createMemoryRouter(
    [
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: ['/verify-email/abc_123'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

test('opening the page confirms nothing; its button posts the token and shows a refusal', async () => {
  const calls = stubApi(400, { error: 'Bad Request', message: MESSAGES.emailVerification.linkInvalid });
  openPage();
  expect(screen.getByText(MESSAGES.emailVerification.confirmPrompt)).toBeInTheDocument();
  expect(calls).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.emailVerification.confirmButton }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailVerification.linkInvalid);
  expect(calls).toEqual([{ url: '/api/verify-email/abc_123', method: 'POST' }]);
});

test('a confirmed address goes home, which tells the news', async () => {
  stubApi(200, { message: MESSAGES.emailVerification.confirmed });
  const router = openPage();
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.emailVerification.confirmButton }));
  expect(await screen.findByText('Home')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?email-verified=1');
});
