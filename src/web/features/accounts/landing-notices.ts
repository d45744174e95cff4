// The server sends the browser back to the site with a query parameter after work it did outside
// the app (a provider sign-in refused, a mailed confirmation link followed). The app says what
// happened once, then drops the parameter, so a reload or a shared address does not say it again.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import type { ToastKind, ToastOptions } from '../../components/use-toast';
import { useToast } from '../../components/use-toast';

interface Notice {
  param: string;
  text: string;
  kind: ToastKind;
  options?: ToastOptions;
}

/** What a landing address asks to be told, or null. */
export function landingNotice(search: URLSearchParams): Notice | null {
  const signInError = search.get('signin-error');
  if (signInError === 'email-unverified') {
    // Several sentences of steps to follow: it stays until dismissed.
    return {
      param: 'signin-error',
      text: MESSAGES.emailVerification.providerNeedsVerifiedEmail,
      kind: 'error',
      options: { durationMs: null },
    };
  }
  if (signInError !== null) return { param: 'signin-error', text: MESSAGES.providerSignIn.failed, kind: 'error' };
  const verified = search.get('email-verified');
  if (verified === '1') return { param: 'email-verified', text: MESSAGES.emailVerification.confirmed, kind: 'success' };
  if (verified !== null)
    return { param: 'email-verified', text: MESSAGES.emailVerification.linkInvalid, kind: 'error' };
  return null;
}

/** Shows the notice of the current address as a toast and replaces the address without its parameter. */
export function useLandingNotices(): void {
  const [search, setSearch] = useSearchParams();
  const toast = useToast();
  // Effects run twice in development's strict mode: the same address is told once.
  const told = useRef<string | null>(null);
  useEffect(() => {
    const notice = landingNotice(search);
    if (!notice) return;
    const key = search.toString();
    if (told.current !== key) {
      told.current = key;
      toast(notice.text, notice.kind, notice.options);
    }
    const next = new URLSearchParams(search);
    next.delete(notice.param);
    setSearch(next, { replace: true });
  }, [search, setSearch, toast]);
}
