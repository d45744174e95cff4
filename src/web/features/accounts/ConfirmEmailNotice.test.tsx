import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

test('mails a new confirmation link and says so', async () => {
  const fetch = answer(200, { message: MESSAGES.emailVerification.sent });
  renderWithProviders(<ConfirmEmailNotice />);
  expect(screen.getByRole('note')).toHaveTextContent(MESSAGES.emailVerification.notConfirmed);
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.emailVerification.sendButton }));
  expect(await screen.findByText(MESSAGES.emailVerification.sent)).toBeInTheDocument();
  expect(fetch).toHaveBeenCalledWith('/api/verify-email/request', expect.objectContaining({ method: 'POST' }));
});

test("shows the server's refusal", async () => {
  answer(429, { error: 'Too Many Requests', message: 'Too many confirmation mails.' });
  renderWithProviders(<ConfirmEmailNotice />);
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.emailVerification.sendButton }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many confirmation mails.');
});
