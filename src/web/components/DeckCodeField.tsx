// The deck code as a field (issue 38): what the reader read, or typed, checked as the server checks
// it (letters and digits, at most 32), in capitals as the game prints it.
import { deckCodeSchema } from '../../common/api/decks';
import { MESSAGES } from '../../common/messages';

/** Why the code cannot be published, or null ('' is no code, which is fine). */
export function deckCodeError(code: string): string | null {
  const parsed = deckCodeSchema.safeParse(code);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.upload.deckCodeCharacters);
}

interface DeckCodeFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** Shown under the field, and the field marked invalid, when set. */
  error?: string | null;
}

export function DeckCodeField({ id, value, onChange, error }: DeckCodeFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="upload-field deck-code-field">
      <label htmlFor={id}>{MESSAGES.upload.deckCodeLabel}</label>
      <input
        id={id}
        value={value}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      <p id={hintId} className="muted field-hint">
        {MESSAGES.upload.deckCodeHint}
      </p>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
