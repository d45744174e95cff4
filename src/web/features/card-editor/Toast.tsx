// A transient message in a live region: the editor's replacement for window.alert.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ToastMessage {
  text: string;
  tone: 'info' | 'error';
}

export function useToast(durationMs = 4000) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const notify = useCallback(
    (text: string, tone: ToastMessage['tone'] = 'info') => {
      clearTimeout(timer.current);
      setMessage({ text, tone });
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, notify, dismiss: () => setMessage(null) };
}

export function Toast({ message, onDismiss }: { message: ToastMessage | null; onDismiss: () => void }) {
  // The live regions stay mounted so screen readers pick up changes to them.
  return (
    <div className="ce-toast-area">
      <div role="alert" className={message?.tone === 'error' ? 'ce-toast ce-toast-error' : 'ce-toast-empty'}>
        {message?.tone === 'error' && <ToastBody text={message.text} onDismiss={onDismiss} />}
      </div>
      <div role="status" className={message?.tone === 'info' ? 'ce-toast' : 'ce-toast-empty'}>
        {message?.tone === 'info' && <ToastBody text={message.text} onDismiss={onDismiss} />}
      </div>
    </div>
  );
}

function ToastBody({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <>
      <span>{text}</span>
      <button type="button" className="ce-icon-button" aria-label="Dismiss message" onClick={onDismiss}>
        ×
      </button>
    </>
  );
}
