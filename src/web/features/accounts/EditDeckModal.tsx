import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Deck } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { AlbumSelect, CollectionSelect, TagSelect } from '../../components/CategorySelects';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { useEditDeck } from './api/own-decks';

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await edit.mutateAsync({ id: deck._id, values: { ...values, title: values.title.trim() || deck.title } });
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
          <input id={`${id}-title`} value={values.title} maxLength={120} onChange={(e) => update({ title: e.target.value })} />
        </LabelledField>
        <LabelledField id={`${id}-albums`} label="Albums">
          <AlbumSelect inputId={`${id}-albums`} value={values.albums} onChange={(albums) => update({ albums })} />
        </LabelledField>
        <LabelledField id={`${id}-collections`} label="Collections">
          <CollectionSelect inputId={`${id}-collections`} value={values.collections} onChange={(collections) => update({ collections })} />
        </LabelledField>
        <LabelledField id={`${id}-tags`} label="Tags">
          <TagSelect inputId={`${id}-tags`} value={values.tags} onChange={(tags) => update({ tags })} />
        </LabelledField>
        <LabelledField id={`${id}-description`} label="Description">
          <textarea id={`${id}-description`} rows={4} maxLength={5000} value={values.description} onChange={(e) => update({ description: e.target.value })} />
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
