import { Suspense, useRef, useState } from 'react';
import { MESSAGES } from '../../common/messages';
import { Link, Outlet } from 'react-router';
import { useTheme } from './theme';
import { useSession } from '../lib/use-session';
import { SignInModal, shouldOpenSignIn } from '../features/accounts/SignInModal';
import { useLandingNotices } from '../features/accounts/landing-notices';

export function Layout() {
  const [theme, setTheme] = useTheme();
  const { user, hasEmail, isModerator } = useSession();
  // ?signin-error=… and ?email-verified=… from the server's redirects: told once as a toast.
  useLandingNotices();
  // A provider sign-in that needs a username or the account's password comes back to
  // /?choose-username=1 or /?link-account=1: the modal opens by itself.
  const [isSignInOpen, setSignInOpen] = useState(shouldOpenSignIn);
  // Sign In or My Profile, whichever is shown: after signing in, the focus lands on My Profile.
  const accountControl = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="logo" aria-label="Deckhub home">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Deckhub</span>
        </Link>
        <nav className="header-actions" aria-label="Site">
          <Link to="/decks/new" className="header-link">
            {MESSAGES.builder.headerLink}
          </Link>
          <Link to="/meta" className="header-link">
            Meta
          </Link>
          <Link to="/innkeepers-decks" className="header-link">
            Innkeeper&apos;s Decks
          </Link>
          {isModerator && (
            <Link to="/moderation" className="header-link">
              Moderation
            </Link>
          )}
          <label className="theme-switch">
            <input
              type="checkbox"
              role="switch"
              checked={theme === 'dark'}
              onChange={(e) => setTheme(e.target.checked ? 'dark' : 'light')}
            />
            <span className="theme-slider" aria-hidden="true" />
            <span className="visually-hidden">Dark theme</span>
          </label>
          {user && hasEmail ? (
            <Link ref={accountControl} className="button" to="/profile">
              My Profile
            </Link>
          ) : (
            <button ref={accountControl} type="button" onClick={() => setSignInOpen(true)}>
              Sign In
            </button>
          )}
        </nav>
      </header>
      <main id="main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      {isSignInOpen && (
        <SignInModal onClose={() => setSignInOpen(false)} fallbackFocus={() => accountControl.current} />
      )}
    </>
  );
}
