import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { SignInModal } from './SignInModal';

const REG = MESSAGES.registration;

/** A stand-in for the API answering each path; records the calls. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[url] ?? { status: 404, body: { error: 'Not Found', message: 'no' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

function renderModal(onClose = () => {}) {
  renderWithProviders(<SignInModal onClose={onClose} />);
}

afterEach(() => vi.unstubAllGlobals());

test('register: every field required with its own text, then the password rules, then "Passwords must match!"', async () => {
  const calls = stubApi({ '/api/auth/providers': { status: 200, body: { oidc: false } } });
  renderModal();
  await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  for (const text of [REG.emailRequired, REG.usernameRequired, REG.passwordRequired, REG.confirmRequired])
    expect(screen.getByText(text)).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Email Address'), 'not-an-address');
  await userEvent.type(screen.getByLabelText('Username'), 'new_player');
  await userEvent.type(screen.getByLabelText('Password'), 'short');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'other');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(screen.getByText(REG.invalidEmail)).toBeInTheDocument();
  expect(screen.getByText(REG.passwordTooShort)).toBeInTheDocument();
  expect(screen.getByText(REG.passwordsMustMatch)).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'long enough');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(screen.getByText(REG.passwordCharacters)).toBeInTheDocument();
  expect(calls.filter((c) => c.url.startsWith('/api/users/'))).toEqual([]);
});

test('register: a server refusal lands under its field', async () => {
  stubApi({
    '/api/auth/providers': { status: 200, body: { oidc: false } },
    '/api/users/new%40example.test': { status: 409, body: { error: 'Conflict', message: REG.usernameInUse } },
  });
  renderModal();
  await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
  await userEvent.type(screen.getByLabelText('Email Address'), 'new@example.test');
  await userEvent.type(screen.getByLabelText('Username'), 'taken_name');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText(REG.usernameInUse)).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('login: required fields, then the server texts; success closes the modal', async () => {
  stubApi({
    '/api/auth/providers': { status: 200, body: { oidc: false } },
    '/api/users/passwordlogin/': { status: 401, body: { error: 'Unauthorized', message: MESSAGES.login.unknownUser } },
  });
  const onClose = vi.fn();
  renderModal(onClose);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(screen.getByText(MESSAGES.login.usernameRequired)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.login.passwordRequired)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Username'), 'ghost');
  await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText(MESSAGES.login.unknownUser)).toBeInTheDocument();

  stubApi({
    '/api/users/passwordlogin/': { status: 200, body: { username: 'ghost', email_address: 'g@example.test' } },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
});

test('the provider button shows only when the server reports a provider', async () => {
  stubApi({ '/api/auth/providers': { status: 200, body: { oidc: false } } });
  renderModal();
  await screen.findByRole('tab', { name: 'Login' });
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('link', { name: /single sign-on/ })).toBeNull();
});

test('the provider button links to the server-side start of the code flow', async () => {
  stubApi({ '/api/auth/providers': { status: 200, body: { oidc: true } } });
  renderModal();
  expect(await screen.findByRole('link', { name: 'Sign in with single sign-on' })).toHaveAttribute(
    'href',
    '/api/auth/oidc/start',
  );
});

test('forgot password: toasts the success and failure texts', async () => {
  stubApi({
    '/api/auth/providers': { status: 200, body: { oidc: false } },
    '/api/request-password-reset/': { status: 200, body: { message: MESSAGES.passwordReset.emailSent } },
  });
  renderModal();
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  await userEvent.type(screen.getByLabelText('Email Address'), 'me@example.test');
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByText(MESSAGES.passwordReset.emailSent)).toBeInTheDocument();

  stubApi({
    '/api/request-password-reset/': {
      status: 429,
      body: { error: 'Too Many Requests', message: 'Too many password reset requests.' },
    },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  await userEvent.type(screen.getByLabelText('Email Address'), 'me@example.test');
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByText(MESSAGES.passwordReset.emailFailed)).toBeInTheDocument();

  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByText(MESSAGES.passwordReset.emailError)).toBeInTheDocument();
});

test('opened at ?choose-username=1 it asks for the username of the pending provider sign-up', async () => {
  window.history.replaceState(null, '', '/?choose-username=1');
  const calls = stubApi({
    '/api/auth/oidc/pending': { status: 200, body: { email_address: 'fresh@example.test' } },
    '/api/auth/oidc/complete': { status: 409, body: { error: 'Conflict', message: REG.usernameInUse } },
  });
  renderModal();
  expect(await screen.findByText(/Signed in as fresh@example.test/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(screen.getByText(REG.usernameRequired)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Username'), 'someone');
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(await screen.findByText(REG.usernameInUse)).toBeInTheDocument();
  expect(calls.at(-1)).toEqual({ url: '/api/auth/oidc/complete', body: { username: 'someone' } });
  window.history.replaceState(null, '', '/');
});

test('opened at ?link-account=1 it asks for the password of the account the provider sign-in met', async () => {
  window.history.replaceState(null, '', '/?link-account=1');
  const calls = stubApi({
    '/api/auth/oidc/pending-link': { status: 200, body: { username: 'old_player', email_address: 'old@example.test' } },
    '/api/auth/oidc/link': { status: 401, body: { error: 'Unauthorized', message: MESSAGES.login.wrongPassword } },
  });
  renderModal();
  expect(await screen.findByText(MESSAGES.providerSignIn.linkPrompt('old_player'))).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.providerSignIn.linkButton }));
  expect(screen.getByText(MESSAGES.login.passwordRequired)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Password'), 'Guess#1234');
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.providerSignIn.linkButton }));
  expect(await screen.findByText(MESSAGES.login.wrongPassword)).toBeInTheDocument();
  expect(calls.at(-1)).toEqual({ url: '/api/auth/oidc/link', body: { password: 'Guess#1234' } });
  // Forgot password is one click away.
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  window.history.replaceState(null, '', '/');
});

test('opened at ?link-account=1 after the pending link expired, it offers to start again', async () => {
  window.history.replaceState(null, '', '/?link-account=1');
  stubApi({ '/api/auth/oidc/pending-link': { status: 401, body: { error: 'Unauthorized', message: 'expired' } } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderModal();
  expect(await screen.findByText('Your provider sign-in has expired. Please sign in again.')).toBeInTheDocument();
  window.history.replaceState(null, '', '/');
});

test('opens with the focus in its first field, not on ×', async () => {
  stubApi({ '/api/auth/providers': { status: 200, body: { oidc: false } } });
  renderModal();
  expect(screen.getByLabelText('Username')).toHaveFocus();
  await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
  expect(screen.getByRole('tab', { name: 'Register' })).toHaveFocus();
});
