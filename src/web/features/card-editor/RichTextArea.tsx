// The ability text field: a textarea with a toolbar for **bold** and the inline icons.
// The markup stays visible in the textarea; the card shows it rendered.
import { useRef } from 'react';
import { InlineIcon, inlineIconLabel } from './icons';
import { iconToken, INLINE_ICONS, insertAt, toggleBold } from './rich-text';

interface RichTextAreaProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

export function RichTextArea({ id, value, onChange }: RichTextAreaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  /** Applies an edit, then restores the caret/selection once React has re-rendered the value. */
  const edit = (next: string, selectionStart: number, selectionEnd = selectionStart) => {
    onChange(next);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(selectionStart, selectionEnd);
    });
  };

  const selection = () => {
    const el = ref.current;
    return el ? [el.selectionStart, el.selectionEnd] : [value.length, value.length];
  };

  return (
    <div className="ce-rich">
      <div className="ce-toolbar" role="toolbar" aria-label="Ability text formatting" aria-controls={id}>
        <button
          type="button"
          aria-label="Bold"
          title="Bold (wraps the selection in **)"
          onClick={() => {
            const [start, end] = selection();
            const r = toggleBold(value, start, end);
            edit(r.text, r.selectionStart, r.selectionEnd);
          }}
        >
          <strong>B</strong>
        </button>
        {INLINE_ICONS.map((icon) => (
          <button
            key={icon}
            type="button"
            aria-label={`Insert ${inlineIconLabel(icon)} icon`}
            title={`Insert ${inlineIconLabel(icon)} icon`}
            onClick={() => {
              const [start, end] = selection();
              const r = insertAt(value, start, end, iconToken(icon));
              edit(r.text, r.caret);
            }}
          >
            <InlineIcon name={icon} aria-hidden="true" role={undefined} aria-label={undefined} />
          </button>
        ))}
      </div>
      <textarea id={id} ref={ref} value={value} rows={4} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
