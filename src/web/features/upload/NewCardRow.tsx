// A card of the review list that the catalog lacks (issue #36): read from its tile as printed,
// shown as "not in the card list yet" with its code and name, both of which the player may correct
// before publishing proposes the card to the moderators.
import { useId, useState, type FormEvent } from 'react';
import { MAX_CARD_CODE_LENGTH, MAX_CARD_NAME_LENGTH } from '../../../common/limits';
import { MESSAGES } from '../../../common/messages';
import type { ReviewCard } from './deck-form';

interface NewCardRowProps {
  card: ReviewCard;
  position: number;
  onReplace(card: ReviewCard): void;
  onRemove(): void;
}

export function NewCardRow({ card, position, onReplace, onRemove }: NewCardRowProps) {
  const [isEditing, setEditing] = useState(card.code === '');
  const helpId = useId();
  const codeId = useId();
  const nameId = useId();
  const [code, setCode] = useState(card.code);
  const [name, setName] = useState(card.name);
  const label = card.name || 'the new card';

  const save = (event: FormEvent) => {
    // A form inside the upload form's tree: its submit must not publish the deck.
    event.preventDefault();
    event.stopPropagation();
    if (name.trim() === '') return;
    onReplace({ ...card, code: code.trim().toUpperCase(), name: name.trim() });
    setEditing(false);
  };

  return (
    <li className="detected-card new-card" data-testid="detected-card" aria-describedby={helpId}>
      <div className="detected-card-main">
        <span className="detected-card-position" aria-hidden="true">
          {position}.
        </span>
        <span className="detected-card-name">{card.name}</span>
        <span className="detected-card-code">{card.code || '—'}</span>
        <span className="new-card-badge">{MESSAGES.upload.notInCardList}</span>
      </div>
      <div className="detected-card-actions">
        {!isEditing && (
          <button type="button" onClick={() => setEditing(true)} aria-label={`Correct the code and name of ${label}`}>
            Edit
          </button>
        )}
        <button type="button" className="danger" onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </button>
      </div>
      <p id={helpId} className="new-card-help muted">
        {MESSAGES.upload.notInCardListHelp}
      </p>
      {isEditing && (
        // Not a <form>: forms do not nest, and this one sits inside the upload form.
        <div className="new-card-fields" role="group" aria-label={`Code and name of ${label}`}>
          <label htmlFor={codeId}>Card code</label>
          <input
            id={codeId}
            value={code}
            maxLength={MAX_CARD_CODE_LENGTH}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && save(event)}
          />
          <label htmlFor={nameId}>Card name</label>
          <input
            id={nameId}
            value={name}
            maxLength={MAX_CARD_NAME_LENGTH}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && save(event)}
          />
          <button type="button" onClick={save}>
            Save
          </button>
        </div>
      )}
    </li>
  );
}
