// /customcards: the custom card editor. Lazy-loaded by the router; besides this folder it uses
// only the app's dialog and toasts.
import { useId, useReducer, useRef, useState } from 'react';
import './card-editor.css';
import { AbilityEditor } from './AbilityEditor';
import { CardPreview } from './CardPreview';
import {
  editorReducer,
  INITIAL_STATE,
  loadState,
  saveState,
  type BackgroundImage,
  type TextField,
} from './editor-state';
import { downloadBlob, renderCardPng } from './export-png';
import { EXPORT_FILE_NAME, exportScale } from './export-scale';
import { ConfirmDialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { HelpDialog } from './HelpDialog';
import { ImageControls, MAX_PERSISTED_FILE_BYTES } from './ImageControls';
import { RichTextArea } from './RichTextArea';
import { TemplatePicker } from './TemplatePicker';
import { allowsCollectionIcon } from './template-catalog';
import { useDebouncedSave, useObjectUrlCleanup } from './use-persistence';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage can be blocked (privacy settings); the editor still works
  }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable image'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable image'));
    reader.readAsDataURL(file);
  });
}

export default function CardEditorPage() {
  const [state, dispatch] = useReducer(editorReducer, INITIAL_STATE, () => loadState(storage()));
  const [helpOpen, setHelpOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const notify = useToast();
  const cardRef = useRef<HTMLDivElement>(null);
  const ids = { name: useId(), energy: useId(), power: useId(), title: useId(), text: useId() };

  useDebouncedSave(state, (latest) => saveState(storage(), latest));
  useObjectUrlCleanup(state.background?.src);

  const setField = (field: TextField) => (value: string) => dispatch({ type: 'field', field, value });

  const onBackgroundFile = async (file: File) => {
    try {
      // Small images become data URLs so they can be restored after a reload; large ones
      // stay object URLs (cheap, but gone after a reload). Neither leaves the browser.
      const next: BackgroundImage =
        file.size <= MAX_PERSISTED_FILE_BYTES
          ? { src: await readAsDataUrl(file), persistable: true }
          : { src: URL.createObjectURL(file), persistable: false };
      dispatch({ type: 'background', background: next });
      if (!next.persistable)
        notify('This image is too large to be kept after a reload; everything else will be.', 'info');
    } catch {
      notify('That image could not be read.', 'error');
    }
  };

  const onSave = async () => {
    if (!cardRef.current) return;
    setSaving(true);
    try {
      const blob = await renderCardPng(cardRef.current, exportScale(window.innerWidth));
      downloadBlob(blob, EXPORT_FILE_NAME);
      notify(`Saved ${EXPORT_FILE_NAME}`, 'success');
    } catch (error) {
      console.warn('Card export failed', error);
      notify('The image could not be saved. Please try again.', 'error');
    } finally {
      setSaving(false);
    }
  };

  const text = (
    field: TextField,
    id: string,
    label: string,
    extra: { inputMode?: 'numeric'; maxLength?: number } = {},
  ) => (
    <div className="ce-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={state[field]}
        onChange={(e) => setField(field)(e.target.value)}
        autoComplete="off"
        {...extra}
      />
    </div>
  );

  return (
    <div className="card-editor">
      <div className="ce-heading">
        <h1>Custom Card Tool</h1>
        <button type="button" onClick={() => setHelpOpen(true)}>
          Help
        </button>
      </div>

      <div className="ce-toolbar-row">
        <TemplatePicker choice={state} onChange={(choice) => dispatch({ type: 'template', choice })} />
        <button type="button" className="ce-primary" onClick={onSave} disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save Image'}
        </button>
      </div>

      <div className="ce-layout">
        <section className="ce-preview" aria-label="Card preview">
          <CardPreview
            ref={cardRef}
            state={state}
            onTransform={(transform) => dispatch({ type: 'transform', transform })}
          />
        </section>

        <form className="ce-controls" onSubmit={(e) => e.preventDefault()} aria-label="Card fields">
          <fieldset>
            <legend>Card</legend>
            {text('name', ids.name, 'Card name', { maxLength: 100 })}
            <div className="ce-row">
              {text('energy', ids.energy, 'Energy', { inputMode: 'numeric', maxLength: 2 })}
              {text('power', ids.power, 'Power', { inputMode: 'numeric', maxLength: 2 })}
            </div>
            {text('abilityTitle', ids.title, 'Ability title', { maxLength: 200 })}
            <div className="ce-field">
              <label htmlFor={ids.text}>Ability text</label>
              <RichTextArea id={ids.text} value={state.abilityText} onChange={setField('abilityText')} />
            </div>
          </fieldset>

          <AbilityEditor
            abilities={state.abilities}
            onAdd={(ability) => dispatch({ type: 'addAbility', ability })}
            onUpdate={(id, value) => dispatch({ type: 'updateAbility', id, text: value })}
            onRemove={(id) => dispatch({ type: 'removeAbility', id })}
            onError={(msg) => notify(msg, 'error')}
          />

          <ImageControls
            state={state}
            collectionAllowed={allowsCollectionIcon(state.rarity)}
            onBackgroundFile={onBackgroundFile}
            onRemoveBackground={() => dispatch({ type: 'background', background: null })}
            onTransform={(transform) => dispatch({ type: 'transform', transform })}
            onForeground={(icon) => dispatch({ type: 'foreground', icon })}
            onCollection={(icon) => dispatch({ type: 'collection', icon })}
            onError={(msg) => notify(msg, 'error')}
          />

          <button type="button" className="ce-link" onClick={() => setConfirmReset(true)}>
            Start a new card
          </button>
        </form>
      </div>

      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      {confirmReset && (
        <ConfirmDialog
          title="Start a new card?"
          confirmLabel="Start over"
          onConfirm={() => {
            dispatch({ type: 'reset' });
            setConfirmReset(false);
          }}
          onCancel={() => setConfirmReset(false)}
        >
          <p>This clears every field, the abilities and the images of the current card.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
