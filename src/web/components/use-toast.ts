// How any screen shows a toast: `const toast = useToast(); toast('Saved.', 'success')`.
import { createContext, useContext } from 'react';

/** 'error' is announced at once (role=alert); the others wait for a pause (role=status). */
export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** How long it stays, in ms; null keeps it until dismissed (a text too long to read in a few seconds). */
  durationMs?: number | null;
  /** A bar that empties as the time runs out. */
  progress?: boolean;
  /** A way on from the message ("View deck" after publishing); following it dismisses the toast. */
  link?: { label: string; href: string };
}

export type ShowToast = (text: string, kind?: ToastKind, options?: ToastOptions) => void;

export const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
