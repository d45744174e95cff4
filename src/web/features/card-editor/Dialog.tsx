// A small accessible modal: role="dialog" + aria-modal, focus moves in and is trapped,
// Escape or the backdrop closes it, and focus returns to whatever opened it.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Footer actions; the first focusable element in the body gets focus when none is marked `data-autofocus`. */
  actions?: ReactNode;
  /** alertdialog for confirmations, so screen readers announce them as needing an answer. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

export function Dialog({ open, title, onClose, children, actions, role = 'dialog', className }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Keep the latest onClose without re-running the focus effect on every render.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const preferred = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (preferred ?? panel)?.focus();
    return () => {
      // Return focus to the opener, unless it has left the page (e.g. a removed ability row).
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="ce-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCloseRef.current()}>
      <div
        ref={panelRef}
        className={`ce-dialog ${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="ce-dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ce-icon-button" aria-label="Close" onClick={() => onCloseRef.current()}>
            ×
          </button>
        </div>
        <div className="ce-dialog-body">{children}</div>
        {actions && <div className="ce-dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The label of the destructive button. */
  confirmLabel: string;
  onConfirm: () => void;
  /** Called on Cancel, Escape, the backdrop, and after `onConfirm`. */
  onClose: () => void;
  children: ReactNode;
}

/** The confirmation before a destructive step: an alertdialog whose Cancel has the focus. */
export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" data-autofocus onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="ce-danger"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
