// Background image (from the user's device only), its zoom slider, the foreground icon modal
// and the collection badge picker.
import { useId, useState, type ChangeEvent } from 'react';
import { MESSAGES } from '../../../common/messages';
import { Dialog } from '../../components/Dialog';
import {
  COLLECTION_BADGES,
  FOREGROUND_ICONS,
  type CollectionBadge,
  type EditorState,
  type ForegroundIcon,
} from './editor-state';
import { CollectionBadgeSvg, collectionBadgeLabel, ForegroundIconSvg, foregroundIconLabel } from './icons';
import { MAX_ZOOM, MIN_ZOOM, type ImageTransform } from './image-transform';

/** Files up to this size are read as data URLs, which the editor can keep across reloads. */
export const MAX_PERSISTED_FILE_BYTES = 1_000_000;

interface ImageControlsProps {
  state: EditorState;
  collectionAllowed: boolean;
  onBackgroundFile: (file: File) => void;
  onRemoveBackground: () => void;
  onTransform: (next: Partial<ImageTransform>) => void;
  onForeground: (icon: ForegroundIcon | null) => void;
  onCollection: (icon: CollectionBadge | null) => void;
  onError: (message: string) => void;
}

export function ImageControls(props: ImageControlsProps) {
  const { state, collectionAllowed } = props;
  const [choosingIcon, setChoosingIcon] = useState(false);
  const ids = { file: useId(), zoom: useId() };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again should still fire a change
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      props.onError(MESSAGES.upload.invalidImage);
      return;
    }
    props.onBackgroundFile(file);
  };

  return (
    <>
      <fieldset className="ce-images">
        <legend>Background image</legend>
        <label htmlFor={ids.file}>Choose an image from your device</label>
        <input id={ids.file} type="file" accept="image/*" onChange={onFile} data-testid="background-input" />
        <p className="ce-hint">The image stays in your browser; it is never uploaded.</p>
        <div className="ce-zoom-label">
          <label htmlFor={ids.zoom}>Zoom</label>
          <output htmlFor={ids.zoom} data-testid="zoom-value" aria-live="off">
            {state.transform.zoom.toFixed(2)}×
          </output>
        </div>
        <input
          id={ids.zoom}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={state.transform.zoom}
          disabled={!state.background}
          onChange={(e) => props.onTransform({ zoom: Number(e.target.value) })}
          data-testid="zoom-slider"
        />
        <div className="ce-row">
          <button type="button" disabled={!state.background} onClick={() => props.onTransform({ x: 0, y: 0, zoom: 1 })}>
            Reset position
          </button>
          <button type="button" disabled={!state.background} onClick={props.onRemoveBackground}>
            Remove image
          </button>
        </div>
      </fieldset>

      <fieldset className="ce-images">
        <legend>Foreground icon</legend>
        <div className="ce-row">
          <button type="button" onClick={() => setChoosingIcon(true)}>
            {state.foregroundIcon ? `Change icon (${foregroundIconLabel(state.foregroundIcon)})` : 'Choose icon'}
          </button>
          <button type="button" disabled={!state.foregroundIcon} onClick={() => props.onForeground(null)}>
            Remove icon
          </button>
        </div>
      </fieldset>

      <fieldset className="ce-images" disabled={!collectionAllowed}>
        <legend>Collection icon</legend>
        {!collectionAllowed && <p className="ce-hint">Mythic and Ultra Fusion cards have no collection icon.</p>}
        <div className="ce-badges" role="radiogroup" aria-label="Collection icon">
          <label className="ce-badge-option">
            <input
              type="radio"
              name="ce-collection"
              checked={state.collectionIcon === null}
              onChange={() => props.onCollection(null)}
            />
            <span>None</span>
          </label>
          {COLLECTION_BADGES.map((badge) => (
            <label key={badge} className="ce-badge-option" title={collectionBadgeLabel(badge)}>
              {/* Named on the radio itself: a label holding only a picture is read as "on". */}
              <input
                type="radio"
                name="ce-collection"
                aria-label={collectionBadgeLabel(badge)}
                checked={state.collectionIcon === badge}
                onChange={() => props.onCollection(badge)}
              />
              <CollectionBadgeSvg
                name={badge}
                width={28}
                height={28}
                aria-hidden="true"
                role={undefined}
                aria-label={undefined}
              />
            </label>
          ))}
        </div>
      </fieldset>

      {choosingIcon && (
        <Dialog title="Choose a foreground icon" onClose={() => setChoosingIcon(false)}>
          <div className="ce-choice-grid ce-icon-grid">
            {FOREGROUND_ICONS.map((icon) => (
              <button
                key={icon}
                type="button"
                aria-pressed={state.foregroundIcon === icon}
                onClick={() => {
                  props.onForeground(icon);
                  setChoosingIcon(false);
                }}
              >
                <ForegroundIconSvg
                  name={icon}
                  width={56}
                  height={56}
                  aria-hidden="true"
                  role={undefined}
                  aria-label={undefined}
                />
                <span>{foregroundIconLabel(icon)}</span>
              </button>
            ))}
          </div>
        </Dialog>
      )}
    </>
  );
}
