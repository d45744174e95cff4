import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Deck } from '../../../common/api/decks';
import { createDeckSchema } from '../../../common/api/uploads';
import { MESSAGES } from '../../../common/messages';
import { AlbumSelect, CollectionSelect, TagSelect } from '../../components/CategorySelects';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { useEditDeck } from './api/own-decks';

/** Why a title cannot be kept, by the upload form's own rule (required, trimmed, bounded), or null. */
export function deckTitleError(title: string): string | null {
  const parsed = createDeckSchema.shape.title.safeParse(title);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.upload.titleRequired);
}

/** The edit modal opened from the profile: title, categories and description. */
export function EditDeckModal({ deck, onClose }: { deck: Deck; onClose(): void }) {
  const id = useId();
  const toast = useToast();
  const edit = useEditDeck();
  const [values, setValues] = useState({
    title: deck.title,
    albums: deck.albums,
    collections: deck.collections,
    tags: deck.tags,
    description: deck.description,
  });
  const update = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  // Shown once Save was pressed, then following the field, so fixing it clears it.
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const titleError = wasSubmitted ? deckTitleError(values.title) : null;
  const titleInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (deckTitleError(values.title)) {
      titleInput.current?.focus();
      return;
    }
    try {
      await edit.mutateAsync({ id: deck._id, values: { ...values, title: values.title.trim() } });
      toast(MESSAGES.editDeck.success, 'success');
      onClose();
    } catch (error) {
      toast(error instanceof Error ? `Deck edit failed: ${error.message}` : 'Deck edit failed.', 'error');
    }
  };

  return (
    <Dialog title="Edit Deck" onClose={onClose} className="edit-deck-dialog">
      <form className="account-form" noValidate onSubmit={submit}>
        <LabelledField id={`${id}-title`} label="Title">
          <input
            ref={titleInput}
            id={`${id}-title`}
            value={values.title}
            maxLength={120}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${id}-title-error` : undefined}
            onChange={(e) => update({ title: e.target.value })}
          />
          {titleError && (
            <p id={`${id}-title-error`} className="field-error" role="alert">
              {titleError}
            </p>
          )}
        </LabelledField>
        <LabelledField id={`${id}-albums`} label="Albums">
          <AlbumSelect inputId={`${id}-albums`} value={values.albums} onChange={(albums) => update({ albums })} />
        </LabelledField>
        <LabelledField id={`${id}-collections`} label="Collections">
          <CollectionSelect
            inputId={`${id}-collections`}
            value={values.collections}
            onChange={(collections) => update({ collections })}
          />
        </LabelledField>
        <LabelledField id={`${id}-tags`} label="Tags">
          <TagSelect inputId={`${id}-tags`} value={values.tags} onChange={(tags) => update({ tags })} />
        </LabelledField>
        <LabelledField id={`${id}-description`} label="Description">
          <textarea
            id={`${id}-description`}
            rows={4}
            maxLength={5000}
            value={values.description}
            onChange={(e) => update({ description: e.target.value })}
          />
        </LabelledField>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={edit.isPending}>
            Save Changes
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A form row: the label for the control with the given id, then the control. */
function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
