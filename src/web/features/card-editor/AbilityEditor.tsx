// Ability rows: added through the picker modal, removed only after a confirmation.
import { useState, type MouseEvent } from 'react';
import { ABILITY_LABELS, ABILITY_TYPES, checkAbilityType, type AbilityRow, type AbilityType } from './abilities';
import { ConfirmDialog, Dialog } from '../../components/Dialog';

interface AbilityEditorProps {
  abilities: AbilityRow[];
  onAdd: (type: AbilityType) => void;
  onUpdate: (id: string, text: string) => void;
  onRemove: (id: string) => void;
  onError: (message: string) => void;
}

export function AbilityEditor({ abilities, onAdd, onUpdate, onRemove, onError }: AbilityEditorProps) {
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<AbilityRow | null>(null);

  // The picker reads the type from the clicked button's value, like a form would, so a
  // value that is not a known type (tampered DOM, stale markup) is reported, not added.
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const result = checkAbilityType(event.currentTarget.value);
    setPicking(false);
    if (result.ok) onAdd(result.type);
    else onError(result.message);
  };

  return (
    <fieldset className="ce-abilities">
      <legend>Abilities</legend>
      {abilities.length === 0 && <p className="ce-hint">No ability rows yet.</p>}
      <ul>
        {abilities.map((ability) => {
          const fieldId = `ce-ability-${ability.id}`;
          return (
            <li key={ability.id} className="ce-ability-item" data-testid="ability-row" data-ability-type={ability.type}>
              <label htmlFor={fieldId}>{ABILITY_LABELS[ability.type]} ability text</label>
              <div className="ce-row">
                <textarea
                  id={fieldId}
                  rows={2}
                  value={ability.text}
                  onChange={(e) => onUpdate(ability.id, e.target.value)}
                />
                <button
                  type="button"
                  className="ce-danger"
                  aria-label={`Remove ${ABILITY_LABELS[ability.type]} ability`}
                  onClick={() => setRemoving(ability)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => setPicking(true)}>
        Add ability
      </button>

      {picking && (
        <Dialog title="Choose an ability" onClose={() => setPicking(false)}>
          <div className="ce-choice-grid" data-testid="ability-picker">
            {ABILITY_TYPES.map((type) => (
              <button key={type} type="button" value={type} onClick={pick}>
                <strong>{type}</strong>
                <span>{ABILITY_LABELS[type]}</span>
              </button>
            ))}
          </div>
        </Dialog>
      )}

      {removing && (
        <ConfirmDialog
          title="Remove ability?"
          confirmLabel="Remove"
          onConfirm={() => {
            onRemove(removing.id);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        >
          <p>Remove the {ABILITY_LABELS[removing.type]} ability from the card? Its text will be lost.</p>
        </ConfirmDialog>
      )}
    </fieldset>
  );
}
