// A card-name field with suggestions from the catalog (GET /api/cards/): a native <datalist>, so
// the browser's own accessible combobox does the listing, fed with only the few names that
// match what was typed (the catalog has 5,000).
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { normalizeName } from '../../../common/text';
import { useCatalog, type CatalogCard } from './use-catalog';

/** Suggestions shown at once. */
const SUGGESTIONS = 12;

interface CardNameInputProps {
  label: string;
  /** The button that confirms the typed name. */
  actionLabel: string;
  onPick(card: CatalogCard): void;
  onCancel?(): void;
  autoFocus?: boolean;
}

export function CardNameInput({ label, actionLabel, onPick, onCancel, autoFocus }: CardNameInputProps) {
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const { byKey, cards, isLoading } = useCatalog();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const suggestions = useMemo(() => {
    const key = normalizeName(text);
    if (key.length < 2) return [];
    const starts = cards.filter(([k]) => k.startsWith(key));
    const contains = cards.filter(([k]) => !k.startsWith(key) && k.includes(key));
    return [...starts, ...contains].slice(0, SUGGESTIONS).map(([, card]) => card);
  }, [cards, text]);

  const commit = (value: string) => {
    const card = byKey.get(normalizeName(value));
    if (!card) {
      setError(isLoading ? 'The card list is still loading.' : `"${value}" is not in the card catalog.`);
      return;
    }
    setError(null);
    setText('');
    onPick(card);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter here picks the card; it must not submit the deck form.
      event.preventDefault();
      if (text.trim()) commit(text);
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="card-name-input">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        list={listId}
        value={text}
        placeholder="Type a card name"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
          // Picking a suggestion from the list is a choice made: no extra click needed.
          if (
            (event.nativeEvent as InputEvent).inputType === 'insertReplacementText' ||
            !('inputType' in event.nativeEvent)
          ) {
            if (byKey.has(normalizeName(event.target.value)) && suggestions.some((s) => s.name === event.target.value))
              commit(event.target.value);
          }
        }}
        onKeyDown={onKeyDown}
      />
      <datalist id={listId}>
        {suggestions.map((card) => (
          <option key={card.code} value={card.name} />
        ))}
      </datalist>
      <button type="button" onClick={() => commit(text)} disabled={!text.trim()}>
        {actionLabel}
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
