// How any screen shows a toast: `const toast = useToast(); toast('Saved.', 'success')`.
import { createContext, useContext } from 'react';

/** 'error' is announced at once (role=alert); the others wait for a pause (role=status). */
export type ToastKind = 'success' | 'error' | 'info';

export type ShowToast = (text: string, kind?: ToastKind) => void;

export const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
