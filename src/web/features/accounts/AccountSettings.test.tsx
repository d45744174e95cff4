import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { AccountSettings } from './AccountSettings';

const ACC = MESSAGES.account;
afterEach(() => vi.unstubAllGlobals());

/** The server's answers, in order; every call is recorded. */
function answers(...list: { status: number; body: unknown }[]) {
  const fetch = vi.fn(async () => {
    const { status, body } = list.shift()!;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sentBody = (fetch: ReturnType<typeof answers>, call: number) =>
  JSON.parse((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].body as string);

test('change password: the rules first, then the server refusal under the current password, then success', async () => {
  const fetch = answers(
    { status: 403, body: { error: 'Forbidden', message: ACC.wrongPassword } },
    { status: 200, body: { message: ACC.passwordChanged } },
  );
  renderWithProviders(
    <MemoryRouter>
      <AccountSettings />
    </MemoryRouter>,
  );
  const form = screen.getByRole('form', { name: 'Change password' });
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(ACC.currentPasswordRequired);
  expect(fetch).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByLabelText('Current password'), 'Wrong#1');
  await userEvent.type(within(form).getByLabelText('New password'), 'NewSecret#456');
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await within(form).findByText(ACC.wrongPassword)).toBeInTheDocument();
  expect(sentBody(fetch, 0)).toEqual({ currentPassword: 'Wrong#1', newPassword: 'NewSecret#456' });

  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText(ACC.passwordChanged)).toBeInTheDocument();
  expect(within(form).getByLabelText('Current password')).toHaveValue('');
});

test('change e-mail: a taken address is refused under the address field', async () => {
  answers({ status: 409, body: { error: 'Conflict', message: MESSAGES.registration.emailInUse } });
  renderWithProviders(
    <MemoryRouter>
      <AccountSettings />
    </MemoryRouter>,
  );
  const form = screen.getByRole('form', { name: 'Change e-mail address' });
  await userEvent.type(within(form).getByLabelText('New e-mail address'), 'taken@example.test');
  await userEvent.type(within(form).getByLabelText('Current password'), 'Secret#123');
  await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
  expect(await within(form).findByText(MESSAGES.registration.emailInUse)).toBeInTheDocument();
  expect(within(form).getByLabelText('New e-mail address')).toHaveAttribute('aria-invalid', 'true');
});

test('the export is a download link', () => {
  renderWithProviders(
    <MemoryRouter>
      <AccountSettings />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: ACC.exportButton });
  expect(link).toHaveAttribute('href', '/api/account/export');
  expect(link).toHaveAttribute('download');
});

test('delete: a dialog asks for the password; an account without one is asked its username instead', async () => {
  const fetch = answers(
    { status: 400, body: { error: 'Bad Request', message: ACC.noPassword } },
    { status: 200, body: { message: ACC.deleted } },
    { status: 200, body: { user: null, providers: { oidc: true }, emailVerified: false } },
  );
  renderWithProviders(
    <MemoryRouter>
      <AccountSettings />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('alertdialog', { name: ACC.deleteTitle });
  expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
  await userEvent.type(within(dialog).getByLabelText('Your password'), 'whatever');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  const username = await within(dialog).findByLabelText('Type your username to confirm');
  await userEvent.type(username, 'me');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect(await screen.findByText(ACC.deleted)).toBeInTheDocument();
  expect(sentBody(fetch, 0)).toEqual({ currentPassword: 'whatever' });
  expect(sentBody(fetch, 1)).toEqual({ confirmUsername: 'me' });
  expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe('/api/account');
});
