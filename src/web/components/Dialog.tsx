// The app's one modal dialog, on the native <dialog> element: the page behind it is inert, Escape
// closes it, Tab cycles inside it, and closing puts the focus back on the control that opened it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** 'alertdialog' for confirmations, so screen readers announce them as needing an answer. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Where the focus goes on close when the opener has left the page (the Sign In button is
   * replaced by My Profile once signed in; a deleted deck takes its Delete button with it).
   */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/**
 * Render it to open it, unmount it to close it. The element marked `data-autofocus` gets the focus
 * when it opens, else the first focusable one (the Close button).
 */
export function Dialog({ title, onClose, children, className, role = 'dialog', fallbackFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read while rendering the first time: by the time effects run, a field inside may have taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      dialog.close();
      const target = opener?.isConnected ? opener : fallbackRef.current?.();
      target?.focus();
    };
  }, [opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A control inside that used the key itself (a picker closing its menu) keeps the dialog open.
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      // Handled here rather than by the browser's cancel, so a dialog inside a dialog closes alone.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first) return event.preventDefault();
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Other close requests (a phone's back gesture) close through the owner too.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

interface ConfirmProps {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  fallbackFocus?: DialogProps['fallbackFocus'];
}

/** The confirmation asked before a destructive action; Cancel has the focus, so Enter does no harm. */
export function ConfirmDialog({ title, confirmLabel, onConfirm, onCancel, children, fallbackFocus }: ConfirmProps) {
  return (
    <Dialog title={title} onClose={onCancel} role="alertdialog" fallbackFocus={fallbackFocus}>
      {children}
      <div className="dialog-actions">
        <button type="button" data-autofocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
