// The upload modal: pick a screenshot, watch it upload and get read,
// review the detected cards, fill in title and categories, submit.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../common/messages';
import { ACCEPTED_IMAGE_TYPES } from '../../../common/api/uploads';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { AlbumSelect, CollectionSelect, TagSelect } from '../../components/CategorySelects';
import { useToast } from '../../components/use-toast';
import { DeckCodeField } from '../../components/DeckCodeField';
import { useNearCopyConfirm } from '../../components/NearCopyDialog';
import { useSession } from '../../lib/use-session';
import { ApiRequestError, isRefusal } from '../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../lib/deck-cache';
import { postDeck, readDeckImage } from './api/upload-deck';
import { fetchSampleScreenshot } from './api/sample-screenshot';
import { DetectedCardList } from './DetectedCardList';
import { SimilarDeckWarning } from './SimilarDeckWarning';
import {
  EMPTY_FORM,
  imageFileError,
  catalogCodesOf,
  reviewCardsOf,
  validateDeckForm,
  type DeckFormValues,
  type FormErrors,
} from './deck-form';
import './upload.css';

/** Where the chosen image is in its trip to the reader. */
type Reading =
  | { stage: 'none' }
  | { stage: 'uploading'; sent: number }
  | { stage: 'reading' }
  /** `unmatched`: names read that match no card of the catalog. */
  | { stage: 'read'; count: number; unmatched: number; readingId: string | null }
  | { stage: 'failed'; message: string };

/** The deck builder, started from the cards read (when any): "Edit in the builder". */
const builderLink = (codes: string[]) => {
  const known = codes.filter((code) => code !== '');
  return known.length > 0 ? `/decks/new?codes=${known.map(encodeURIComponent).join(',')}` : '/decks/new';
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function ProgressLine({ label, value }: { label: string; value?: number }) {
  return (
    <div className="upload-progress">
      <span>{label}</span>
      {/* Without a value the bar is indeterminate: the reader gives no progress of its own. */}
      <progress aria-label={label} max={1} value={value} />
    </div>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  );
}

export default function UploadModal({ onClose }: { onClose(): void }) {
  const ids = {
    file: useId(),
    deckcode: useId(),
    title: useId(),
    albums: useId(),
    collections: useId(),
    tags: useId(),
    description: useId(),
    errors: useId(),
  };
  const errorId = (field: keyof FormErrors) => `${ids.errors}-${field}`;
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const nearCopy = useNearCopyConfirm(user?.username ?? null);
  const [checking, setChecking] = useState(false);

  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [reading, setReading] = useState<Reading>({ stage: 'none' });
  const [values, setValues] = useState<DeckFormValues>(EMPTY_FORM);
  // Before the first Submit only a refused pick is reported; after it, every field's error follows
  // the form as it is now, so a fixed field (or a newly read image) loses its stale message.
  const [pickError, setPickError] = useState<string | null>(null);
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [fetchingSample, setFetchingSample] = useState(false);
  // The screenshot shown large beside the card list, to check each card against it.
  const [showBeside, setShowBeside] = useState(false);
  const [submitting, setSubmitting] = useState<{ sent: number } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Closing the modal cancels whatever is still being sent.
  useEffect(() => () => inFlight.current?.abort(), []);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const isReading = reading.stage === 'uploading' || reading.stage === 'reading';
  const errors: FormErrors = wasSubmitted
    ? validateDeckForm(image, values).errors
    : pickError
      ? { image: pickError }
      : {};
  // The card count is not wrong yet while the image is still being read.
  if (isReading) delete errors.cards;

  const update = (patch: Partial<DeckFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const pickImage = async (file: File | null) => {
    inFlight.current?.abort();
    setServerError(null);
    // Kept even when refused, so Submit repeats why it was refused rather than "select an image".
    setImage(file);
    setValues((v) => ({ ...v, cards: [], deckcode: '' }));
    const problem = imageFileError(file);
    setPickError(problem);
    if (!file || problem) {
      setPreview(null);
      setReading({ stage: 'none' });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setReading({ stage: 'uploading', sent: 0 });
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const result = await readDeckImage(file, {
        signal: controller.signal,
        onUploadProgress: (sent) => setReading(sent < 1 ? { stage: 'uploading', sent } : { stage: 'reading' }),
      });
      const cards = reviewCardsOf(result.detected, result.unknownCards);
      setValues((v) => ({ ...v, cards, deckcode: result.deck_code ?? '' }));
      setReading({
        stage: 'read',
        count: cards.length,
        unmatched: result.unmatchedNames ?? 0,
        readingId: result.readingId ?? null,
      });
    } catch (error) {
      if (isAbort(error)) return;
      setReading({
        stage: 'failed',
        message: error instanceof ApiRequestError ? error.message : MESSAGES.upload.failure,
      });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  const trySample = async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setFetchingSample(true);
    try {
      const file = await fetchSampleScreenshot(controller.signal);
      // The file input cannot be given a file; it is emptied so it does not name an earlier pick.
      if (fileInput.current) fileInput.current.value = '';
      await pickImage(file);
    } catch (error) {
      if (!isAbort(error)) toast(MESSAGES.upload.sampleUnavailable, 'error');
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
      setFetchingSample(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through the component tree, and the opener may sit inside another form
    // (the home search bar): this submit must not submit that one too.
    event.stopPropagation();
    setWasSubmitted(true);
    setServerError(null);
    const { deck } = validateDeckForm(image, values);
    if (!deck || !image) return;
    // A copy of a public deck (all its cards, or its deck code) is published only once confirmed.
    setChecking(true);
    const goOn = await nearCopy.confirmPublish(deck.cardCodes ?? [], deck.deckcode);
    setChecking(false);
    if (!goOn) return;
    setSubmitting({ sent: 0 });
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      // The server kept the image of its reading: the deck is published from it, without a second upload.
      const readingId = reading.stage === 'read' ? reading.readingId : null;
      const published = await postDeck(image, deck, readingId, {
        signal: controller.signal,
        onUploadProgress: (sent) => setSubmitting({ sent }),
      });
      // Longer than the usual 4 s: the toast now holds a link to reach for.
      toast(MESSAGES.upload.success, 'success', {
        durationMs: 10_000,
        link: { label: 'View deck', href: `/decks/${published._id}` },
      });
      await queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY });
      onClose();
    } catch (error) {
      if (isAbort(error)) return;
      toast(MESSAGES.upload.failure, 'error');
      // A refusal says what to fix; a server or network failure has nothing to fix in the form.
      if (isRefusal(error)) setServerError(error.message);
      setSubmitting(null);
    }
  };

  // Escape, Cancel and × ask first once there is something to lose: cards read or a field typed.
  const [askDiscard, setAskDiscard] = useState(false);
  const hasWork =
    values.cards.length > 0 ||
    values.title !== '' ||
    values.description !== '' ||
    values.albums.length + values.collections.length + values.tags.length > 0;
  const requestClose = () => (hasWork ? setAskDiscard(true) : onClose());

  const isBusy = isReading || fetchingSample || checking || submitting !== null;
  const describedBy = (field: keyof FormErrors) => (errors[field] ? errorId(field) : undefined);

  // In a portal: the button that opens the modal lives inside the search bar's <form>, and forms
  // must not nest in the DOM.
  return createPortal(
    <Dialog
      title="Upload a deck"
      onClose={requestClose}
      className={`upload-dialog${showBeside && preview ? ' upload-dialog-wide' : ''}`}
    >
      <form className="upload-form" noValidate onSubmit={submit}>
        <div className="upload-field">
          <label htmlFor={ids.file}>Deck image</label>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={describedBy('image')}
            disabled={submitting !== null}
            onChange={(event) => void pickImage(event.target.files?.[0] ?? null)}
          />
          <FieldError id={errorId('image')} text={errors.image} />
          <button type="button" className="upload-sample" disabled={isBusy} onClick={() => void trySample()}>
            {MESSAGES.upload.trySample}
          </button>
          {preview && <img className="upload-preview" src={preview} alt="Preview of the chosen deck image" />}
          <div className="upload-status" role="status" aria-live="polite">
            {reading.stage === 'uploading' && <ProgressLine label="Uploading image…" value={reading.sent} />}
            {reading.stage === 'reading' && <ProgressLine label="Reading cards…" />}
            {reading.stage === 'read' && reading.count > 0 && (
              <span>
                {reading.count} cards detected{values.deckcode ? `, deck code ${values.deckcode}` : ''}.
              </span>
            )}
          </div>
          {reading.stage === 'failed' && (
            <p className="field-error" role="alert">
              {reading.message}
            </p>
          )}
          {reading.stage === 'read' && reading.count === 0 && (
            <p className="field-error" role="alert">
              {/* Names were read but the catalog knows none of them: the image is fine, the card list is not. */}
              {reading.unmatched > 0
                ? MESSAGES.upload.noCatalogMatch(reading.unmatched)
                : MESSAGES.upload.noCardsDetected}
            </p>
          )}
        </div>

        <DeckCodeField
          id={ids.deckcode}
          value={values.deckcode}
          onChange={(deckcode) => update({ deckcode })}
          error={errors.deckcode}
        />

        <div className="upload-field">
          <label htmlFor={ids.title}>Title</label>
          <input
            id={ids.title}
            value={values.title}
            maxLength={120}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('title')}
            onChange={(event) => update({ title: event.target.value })}
          />
          <FieldError id={errorId('title')} text={errors.title} />
        </div>

        <fieldset className="upload-categories" aria-describedby={describedBy('categories')}>
          <legend>Categories</legend>
          <label htmlFor={ids.albums}>Albums</label>
          <AlbumSelect inputId={ids.albums} value={values.albums} onChange={(albums) => update({ albums })} />
          <label htmlFor={ids.collections}>Collections</label>
          <CollectionSelect
            inputId={ids.collections}
            value={values.collections}
            onChange={(collections) => update({ collections })}
          />
          <label htmlFor={ids.tags}>Tags</label>
          <TagSelect inputId={ids.tags} value={values.tags} onChange={(tags) => update({ tags })} />
          <FieldError id={errorId('categories')} text={errors.categories} />
        </fieldset>

        <div className="upload-field">
          <label htmlFor={ids.description}>Description</label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={5000}
            value={values.description}
            onChange={(event) => update({ description: event.target.value })}
          />
        </div>

        <section className="upload-cards" aria-labelledby={`${ids.errors}-cards-heading`}>
          <div className="upload-cards-head">
            <h3 id={`${ids.errors}-cards-heading`}>Cards Detected ({values.cards.length})</h3>
            {/* A plain link: the modal lives outside the router, and leaving the dialog starts the page anew. */}
            <a href={builderLink(catalogCodesOf(values.cards))}>
              {values.cards.length > 0 ? MESSAGES.builder.editInBuilder : MESSAGES.builder.buildWithout}
            </a>
            {preview && (
              <button type="button" aria-pressed={showBeside} onClick={() => setShowBeside((on) => !on)}>
                Screenshot beside the list
              </button>
            )}
          </div>
          <div className={showBeside && preview ? 'upload-review upload-review-beside' : 'upload-review'}>
            <div>
              <DetectedCardList
                cards={values.cards}
                onChange={(cards) => update({ cards })}
                errorId={describedBy('cards')}
              />
              <FieldError id={errorId('cards')} text={errors.cards} />
            </div>
            {showBeside && preview && (
              <figure className="upload-review-shot">
                <img src={preview} alt="The chosen deck image, large" />
              </figure>
            )}
          </div>
        </section>

        <SimilarDeckWarning cardCodes={catalogCodesOf(values.cards)} />
        {serverError && (
          <p className="field-error" role="alert">
            {serverError}
          </p>
        )}
        {submitting && (
          <ProgressLine label="Publishing deck…" value={submitting.sent < 1 ? submitting.sent : undefined} />
        )}
        <div className="dialog-actions">
          <button type="button" onClick={requestClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={isBusy}>
            Submit
          </button>
        </div>
      </form>
      {nearCopy.dialog}
      {askDiscard && (
        <ConfirmDialog
          title="Discard this deck?"
          confirmLabel="Discard"
          onConfirm={onClose}
          onCancel={() => setAskDiscard(false)}
        >
          <p>The cards read and the fields typed will be lost.</p>
        </ConfirmDialog>
      )}
    </Dialog>,
    document.body,
  );
}
