// Lifetime helpers for the editor state: saving it without stalling typing, and releasing
// object URLs of background images that are no longer shown.
import { useEffect, useRef } from 'react';

/**
 * Saves `state` shortly after it stops changing. The state can hold a background image of
 * over a megabyte as a data URL, too much to serialise on every keystroke. Pending changes are
 * flushed when the page is hidden or closed and when the editor unmounts, so a reload never
 * loses the last edit.
 */
export function useDebouncedSave<T>(state: T, save: (state: T) => void, delayMs = 250): void {
  const latest = useRef(state);
  const pending = useRef(false);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  useEffect(() => {
    latest.current = state;
    pending.current = true;
    const timer = setTimeout(() => {
      pending.current = false;
      saveRef.current(latest.current);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [state, delayMs]);

  useEffect(() => {
    const flush = () => {
      if (!pending.current) return;
      pending.current = false;
      saveRef.current(latest.current);
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, []);
}

/**
 * Revokes a `blob:` URL once the editor stops using it (replaced, removed, or the editor is
 * closed). The unmount check is deferred because StrictMode unmounts and remounts once in
 * development; revoking then would break the image still on screen.
 */
export function useObjectUrlCleanup(src: string | undefined): void {
  const current = useRef<string | undefined>(undefined);
  const mounted = useRef(false);

  useEffect(() => {
    const previous = current.current;
    current.current = src;
    if (previous && previous !== src && previous.startsWith('blob:')) URL.revokeObjectURL(previous);
  }, [src]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        const last = current.current;
        if (!mounted.current && last?.startsWith('blob:')) URL.revokeObjectURL(last);
      }, 0);
    };
  }, []);
}
