import { useEffect, useId, useState, type ReactNode } from 'react';
import { emailSchema, registrationFormErrors, usernameSchema, type RegistrationForm } from '../../../common/api/users';
import { MESSAGES } from '../../../common/messages';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import {
  PROVIDER_SIGN_IN_URL,
  completeProviderSignup,
  getPendingLink,
  getPendingSignup,
  linkProviderWithPassword,
  login,
  register,
  requestPasswordReset,
  useProviders,
  useRefreshSession,
} from './api/accounts-api';
import { Field } from './Field';
import { firstError, fieldErrorOf, resetRefusal, useAccountForm, type Errors } from './use-account-form';
import './accounts.css';

type Panel = 'login' | 'register' | 'forgot' | 'choose-username' | 'link-account';

/**
 * The query parameters the server's provider callback adds, each named as the panel it opens: a new
 * e-mail must pick a username; the e-mail of a password account must enter that account's password
 * before the provider is linked to it.
 */
const PROVIDER_STEPS = ['choose-username', 'link-account'] as const;

/** The provider step the page was opened to finish, if any (the modal then opens by itself at it). */
function providerStepOfAddress(): (typeof PROVIDER_STEPS)[number] | null {
  const search = new URLSearchParams(window.location.search);
  return PROVIDER_STEPS.find((step) => search.has(step)) ?? null;
}

/** Whether the page was opened to finish a provider sign-in (the modal then opens by itself). */
export function shouldOpenSignIn(): boolean {
  return providerStepOfAddress() !== null;
}

/** Drops ?choose-username=1 and ?link-account=1 from the address once the step is done or given up. */
function forgetProviderStepParams() {
  const url = new URL(window.location.href);
  const params = PROVIDER_STEPS.filter((param) => url.searchParams.has(param));
  if (!params.length) return;
  for (const param of params) url.searchParams.delete(param);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** Sign-in modal: Login and Register tabs, provider sign-in, forgot password, username choice, linking an account. */
export function SignInModal({
  onClose,
  fallbackFocus,
}: {
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const [panel, setPanel] = useState<Panel>(() => providerStepOfAddress() ?? 'login');
  const refreshSession = useRefreshSession();
  const close = () => {
    forgetProviderStepParams();
    onClose();
  };
  const signedIn = async () => {
    await refreshSession();
    close();
  };

  if (panel === 'forgot') {
    return (
      <Dialog title="Forgot Password" onClose={close} className="signin-dialog" fallbackFocus={fallbackFocus}>
        <ForgotPasswordPanel onDone={() => setPanel('login')} />
      </Dialog>
    );
  }
  if (panel === 'link-account') {
    return (
      <Dialog title="Link Your Account" onClose={close} className="signin-dialog" fallbackFocus={fallbackFocus}>
        <LinkAccountPanel
          onSignedIn={signedIn}
          onForgot={() => setPanel('forgot')}
          onRestart={() => setPanel('login')}
        />
      </Dialog>
    );
  }
  if (panel === 'choose-username') {
    return (
      <Dialog title="Choose a Username" onClose={close} className="signin-dialog" fallbackFocus={fallbackFocus}>
        <ChooseUsernamePanel onSignedIn={signedIn} onRestart={() => setPanel('login')} />
      </Dialog>
    );
  }
  return (
    <Dialog title="Sign In" onClose={close} className="signin-dialog" fallbackFocus={fallbackFocus}>
      <Tabs<'login' | 'register'>
        selected={panel}
        onSelect={(key) => setPanel(key)}
        tabs={{
          login: { label: 'Login', content: <LoginPanel onSignedIn={signedIn} onForgot={() => setPanel('forgot')} /> },
          register: { label: 'Register', content: <RegisterPanel onSignedIn={signedIn} /> },
        }}
      />
      <ProviderSignIn />
    </Dialog>
  );
}

function Tabs<K extends string>({
  selected,
  onSelect,
  tabs,
}: {
  selected: K;
  onSelect(key: K): void;
  tabs: Partial<Record<K, { label: string; content: ReactNode }>>;
}) {
  const id = useId();
  const keys = Object.keys(tabs) as K[];
  return (
    <>
      <div role="tablist" className="signin-tabs" aria-label="Sign in or register">
        {keys.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={key === selected}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={key === selected ? 0 : -1}
            onClick={() => onSelect(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = keys[(keys.indexOf(key) + (event.key === 'ArrowRight' ? 1 : keys.length - 1)) % keys.length];
              onSelect(next);
              document.getElementById(`${id}-${next}-tab`)?.focus();
            }}
          >
            {tabs[key]?.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${selected}-panel`} aria-labelledby={`${id}-${selected}-tab`}>
        {tabs[selected]?.content}
      </div>
    </>
  );
}

function FormError({ text }: { text?: string }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

function LoginPanel({ onSignedIn, onForgot }: { onSignedIn(): void; onForgot(): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, submit } = useAccountForm(
    () => {
      const found: Errors = {};
      if (!username.trim()) found.username = MESSAGES.login.usernameRequired;
      if (!password) found.password = MESSAGES.login.passwordRequired;
      return found;
    },
    async () => {
      await login(username.trim(), password);
      onSignedIn();
    },
  );

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Login">
      <Field
        label="Username"
        value={username}
        onChange={setUsername}
        error={errors.username}
        autoComplete="username"
        data-autofocus
      />
      <Field
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <FormError text={errors.form} />
      <div className="account-actions">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot password?
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Login
        </button>
      </div>
    </form>
  );
}

function RegisterPanel({ onSignedIn }: { onSignedIn(): void }) {
  const [form, setForm] = useState<RegistrationForm>({ email_address: '', username: '', password: '', confirm: '' });
  const set = (field: keyof RegistrationForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { errors, busy, submit } = useAccountForm(
    () => registrationFormErrors(form),
    async () => {
      await register({
        email_address: form.email_address.trim(),
        username: form.username.trim(),
        password: form.password,
      });
      onSignedIn();
    },
  );

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Register">
      <Field
        data-autofocus
        label="Email Address"
        type="email"
        value={form.email_address}
        onChange={set('email_address')}
        error={errors.email_address}
        autoComplete="email"
      />
      <Field
        label="Username"
        value={form.username}
        onChange={set('username')}
        error={errors.username}
        autoComplete="username"
      />
      <Field
        label="Password"
        type="password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
      />
      <Field
        label="Confirm Password"
        type="password"
        value={form.confirm}
        onChange={set('confirm')}
        error={errors.confirm}
        autoComplete="new-password"
      />
      <FormError text={errors.form} />
      <div className="account-actions">
        <span />
        <button type="submit" className="primary" disabled={busy}>
          Register
        </button>
      </div>
    </form>
  );
}

/** The provider button, only when the server has a provider configured. */
function ProviderSignIn() {
  const { data } = useProviders();
  if (!data?.oidc) return null;
  return (
    <div className="provider-signin">
      <a className="button" href={PROVIDER_SIGN_IN_URL}>
        Sign in with single sign-on
      </a>
    </div>
  );
}

function ForgotPasswordPanel({ onDone }: { onDone(): void }) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const { errors, busy, submit } = useAccountForm(
    () => {
      const problem = firstError(emailSchema.safeParse(email));
      return problem ? { email: problem } : {};
    },
    async () => {
      await requestPasswordReset(email.trim());
      toast(MESSAGES.passwordReset.emailSent, 'success');
      onDone();
    },
    resetRefusal(toast, 'email', {
      failed: MESSAGES.passwordReset.emailFailed,
      error: MESSAGES.passwordReset.emailError,
    }),
  );

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Forgot password">
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <Field
        data-autofocus
        label="Email Address"
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoComplete="email"
      />
      <div className="account-actions">
        <button type="button" className="link-button" onClick={onDone}>
          Back to login
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Send Reset Link
        </button>
      </div>
    </form>
  );
}

function ChooseUsernamePanel({ onSignedIn, onRestart }: { onSignedIn(): void; onRestart(): void }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>();
  const [username, setUsername] = useState('');

  useEffect(() => {
    getPendingSignup()
      .then((p) => setPendingEmail(p.email_address))
      .catch((error: unknown) => {
        // Provider sign-in failures are only logged; the panel offers to start again.
        console.error('Provider sign-in:', error);
        setPendingEmail(null);
      });
  }, []);

  const { errors, busy, submit } = useAccountForm(
    () => {
      const problem = firstError(usernameSchema.safeParse(username));
      return problem ? { username: problem } : {};
    },
    async () => {
      await completeProviderSignup(username.trim());
      onSignedIn();
    },
    (error) => fieldErrorOf(error, ['username']),
  );

  if (pendingEmail === null) return <ProviderSignInExpired onRestart={onRestart} />;
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Choose a username">
      <p>{pendingEmail ? `Signed in as ${pendingEmail}. ` : ''}Choose a username to finish creating your account.</p>
      <Field
        label="Username"
        value={username}
        onChange={setUsername}
        error={errors.username}
        autoComplete="username"
        data-autofocus
      />
      <FormError text={errors.form} />
      <div className="account-actions">
        <span />
        <button type="submit" className="primary" disabled={busy || pendingEmail === undefined}>
          Create Account
        </button>
      </div>
    </form>
  );
}

function ProviderSignInExpired({ onRestart }: { onRestart(): void }) {
  return (
    <div className="account-form">
      <p>Your provider sign-in has expired. Please sign in again.</p>
      <div className="account-actions">
        <span />
        <button type="button" className="primary" onClick={onRestart}>
          Back to sign in
        </button>
      </div>
    </div>
  );
}

/**
 * The provider vouched for an address that a password account already has: whoever registered it
 * may be someone else, so the provider is linked only once that account's password is entered here.
 */
function LinkAccountPanel({
  onSignedIn,
  onForgot,
  onRestart,
}: {
  onSignedIn(): void;
  onForgot(): void;
  onRestart(): void;
}) {
  const [username, setUsername] = useState<string | null>();
  const [password, setPassword] = useState('');

  useEffect(() => {
    getPendingLink()
      .then((p) => setUsername(p.username))
      .catch((error: unknown) => {
        // Provider sign-in failures are only logged; the panel offers to start again.
        console.error('Provider sign-in:', error);
        setUsername(null);
      });
  }, []);

  const { errors, busy, submit } = useAccountForm(
    () => (password ? {} : { password: MESSAGES.login.passwordRequired }),
    async () => {
      await linkProviderWithPassword(password);
      onSignedIn();
    },
    (error) => fieldErrorOf(error, ['password']),
  );

  if (username === null) return <ProviderSignInExpired onRestart={onRestart} />;
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Link your account">
      {username && <p>{MESSAGES.providerSignIn.linkPrompt(username)}</p>}
      <Field
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
        data-autofocus
      />
      <FormError text={errors.form} />
      <div className="account-actions">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot password?
        </button>
        <button type="submit" className="primary" disabled={busy || username === undefined}>
          {MESSAGES.providerSignIn.linkButton}
        </button>
      </div>
    </form>
  );
}
