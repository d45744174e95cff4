// The card itself: SVG frame layers, the movable background, and the text, at a fixed size
// in card px. It is exactly what Save Image renders, so nothing here may depend on the
// page's theme or on transforms from outside.
import { forwardRef, useMemo, useRef, type CSSProperties } from 'react';
import { ABILITY_LABELS } from './abilities';
import {
  ABILITY_FONT_STEPS,
  CARD_FONT,
  CARD_HEIGHT,
  CARD_WIDTH,
  LAYOUT,
  LINE_HEIGHT,
  NAME_FONT_STEPS,
  STAT_FONT_SIZE,
  type Rect,
} from './card-layout';
import type { EditorState } from './editor-state';
import { canvasMeasure, fitFontSize, type MeasureText } from './fit-text';
import { CollectionBadgeSvg, ForegroundIconSvg } from './icons';
import type { ImageTransform } from './image-transform';
import { RichText } from './RichText';
import { visibleText } from './rich-text';
import { CardFrame } from './templates';
import { resolveTemplate } from './template-catalog';
import { useImageGestures } from './use-image-gestures';

let measurer: MeasureText | null = null;
/** One canvas for all measurements, created on first use (never during import). */
function measure(): MeasureText {
  measurer ??= canvasMeasure(CARD_FONT);
  return measurer;
}

function place(rect: Rect): CSSProperties {
  return { left: rect.x, top: rect.y, width: rect.width, height: rect.height };
}

/** Everything in the ability box as one text, the way the fitting sees it. */
export function abilityBoxText(state: Pick<EditorState, 'abilityTitle' | 'abilityText' | 'abilities'>): string {
  return [
    state.abilityTitle,
    visibleText(state.abilityText),
    ...state.abilities.map((a) => `${ABILITY_LABELS[a.type]}: ${visibleText(a.text)}`),
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

interface CardPreviewProps {
  state: EditorState;
  onTransform: (next: Partial<ImageTransform>) => void;
}

export const CardPreview = forwardRef<HTMLDivElement, CardPreviewProps>(function CardPreview(
  { state, onTransform },
  ref,
) {
  const template = resolveTemplate(state);
  const artRef = useRef<HTMLDivElement>(null);
  const hasImage = state.background !== null;
  const gestures = useImageGestures(artRef, state.transform, onTransform, hasImage);

  const nameSize = useMemo(
    () => fitFontSize(state.name, LAYOUT.name, NAME_FONT_STEPS, { lineHeight: LINE_HEIGHT, measure: measure() }),
    [state.name],
  );
  const boxText = abilityBoxText(state);
  const abilitySize = useMemo(
    () => fitFontSize(boxText, LAYOUT.ability, ABILITY_FONT_STEPS, { lineHeight: LINE_HEIGHT, measure: measure() }),
    [boxText],
  );

  const { x, y, zoom } = state.transform;
  return (
    <div
      ref={ref}
      className="ce-card"
      data-testid="card"
      data-template-id={template.id}
      style={{ width: CARD_WIDTH, height: CARD_HEIGHT, fontFamily: CARD_FONT }}
    >
      <CardFrame template={template} layer="back" />
      <div
        ref={artRef}
        className={`ce-art${hasImage ? ' ce-art-movable' : ''}`}
        style={place(LAYOUT.art)}
        data-testid="art-window"
        tabIndex={hasImage ? 0 : -1}
        role={hasImage ? 'group' : undefined}
        aria-label={
          hasImage
            ? 'Background image. Drag to move, scroll or pinch to zoom; arrow keys move, plus and minus zoom.'
            : undefined
        }
        {...gestures}
      >
        {state.background && (
          <img
            className="ce-art-image"
            src={state.background.src}
            alt=""
            draggable={false}
            data-testid="background-image"
            style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px) scale(${zoom})` }}
          />
        )}
      </div>
      {state.foregroundIcon && (
        <div className="ce-foreground" style={place(LAYOUT.foreground)} data-testid="foreground-icon">
          <ForegroundIconSvg name={state.foregroundIcon} width="100%" height="100%" />
        </div>
      )}
      <CardFrame template={template} layer="front" />
      {state.collectionIcon && (
        <div className="ce-collection" style={place(LAYOUT.collection)} data-testid="collection-icon">
          <CollectionBadgeSvg name={state.collectionIcon} width="100%" height="100%" />
        </div>
      )}
      <div className="ce-stat" style={{ ...place(LAYOUT.energy), fontSize: STAT_FONT_SIZE }} data-testid="card-energy">
        {state.energy}
      </div>
      <div className="ce-stat" style={{ ...place(LAYOUT.power), fontSize: STAT_FONT_SIZE }} data-testid="card-power">
        {state.power}
      </div>
      <div
        className="ce-name"
        style={{ ...place(LAYOUT.name), fontSize: nameSize, lineHeight: LINE_HEIGHT }}
        data-testid="card-name"
        data-font-size={nameSize}
      >
        {state.name}
      </div>
      <div
        className="ce-ability"
        style={{ ...place(LAYOUT.ability), fontSize: abilitySize, lineHeight: LINE_HEIGHT }}
        data-testid="card-ability"
        data-font-size={abilitySize}
      >
        {state.abilityTitle.trim() && <div className="ce-ability-title">{state.abilityTitle}</div>}
        {state.abilityText.trim() && (
          <div>
            <RichText source={state.abilityText} />
          </div>
        )}
        {state.abilities.map((a) => (
          <div key={a.id} className="ce-ability-row" data-ability-type={a.type}>
            <strong>{ABILITY_LABELS[a.type]}:</strong> <RichText source={a.text} />
          </div>
        ))}
      </div>
    </div>
  );
});
