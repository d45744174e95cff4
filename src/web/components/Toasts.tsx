// The app's toasts, shown bottom right for a few seconds or until dismissed.
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { ToastContext, type ToastKind, type ToastOptions } from './use-toast';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** Set when the toast shows a bar emptying over this many ms. */
  progressMs: number | null;
  link?: ToastOptions['link'];
}

/** How long a toast stays by default, in ms. */
const TOAST_MS = 4000;

interface ToastProviderProps {
  children: ReactNode;
  /**
   * Client-side navigation for a toast's link. The toasts sit outside the router (they outlive a
   * page change), so main.tsx hands the router's navigate in; without it a link loads the page.
   */
  navigate?: (href: string) => void;
}

export function ToastProvider({ children, navigate }: ToastProviderProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (text: string, kind: ToastKind = 'success', options: ToastOptions = {}) => {
      const id = ++nextId.current;
      const durationMs = options.durationMs === undefined ? TOAST_MS : options.durationMs;
      setToasts((list) => [
        ...list,
        { id, kind, text, link: options.link, progressMs: options.progress && durationMs !== null ? durationMs : null },
      ]);
      if (durationMs === null) return;
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, durationMs);
      timers.current.add(timer);
    },
    [dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const follow = (event: MouseEvent<HTMLAnchorElement>, t: Toast) => {
    dismiss(t.id);
    // A modified click (new tab, new window) is the browser's to handle.
    if (!navigate || !t.link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(t.link.href);
  };

  const item = (t: Toast) => (
    <div key={t.id} className={`toast toast-${t.kind}`}>
      <span>{t.text}</span>
      {t.link && (
        <a className="toast-link" href={t.link.href} onClick={(event) => follow(event, t)}>
          {t.link.label}
        </a>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss message" onClick={() => dismiss(t.id)}>
        ×
      </button>
      {t.progressMs !== null && (
        <span className="toast-progress" style={{ animationDuration: `${t.progressMs}ms` }} aria-hidden="true" />
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts">
        {/* The status region stays mounted so screen readers notice what is added to it; an
            alert is announced as it appears. */}
        <div role="status">{toasts.filter((t) => t.kind !== 'error').map(item)}</div>
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <div key={t.id} role="alert">
              {item(t)}
            </div>
          ))}
      </div>
    </ToastContext.Provider>
  );
}
