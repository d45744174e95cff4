// Picks the largest font size at which a text fits its box. The card is a fixed-size
// artwork, so instead of letting text overflow (or clip) we step the size down.

export interface Box {
  width: number;
  height: number;
}

/** Width of `text` in px at `fontSize`; injectable so the browser can measure real glyphs. */
export type MeasureText = (text: string, fontSize: number) => number;

export interface FitOptions {
  /** Line height as a multiple of the font size. */
  lineHeight?: number;
  measure?: MeasureText;
}

/**
 * Average glyph width of a bold sans-serif font in em. Used when no real measurement is
 * available (tests, server) — deliberately a little generous so estimates err on "fits".
 */
const AVERAGE_GLYPH_EM = 0.58;

export const estimateWidth: MeasureText = (text, fontSize) => text.length * fontSize * AVERAGE_GLYPH_EM;

/**
 * Number of lines `text` wraps to within `width`: words wrap greedily, explicit newlines
 * always break, and a word longer than a whole line is split (as CSS `overflow-wrap: anywhere`).
 */
export function countLines(
  text: string,
  width: number,
  fontSize: number,
  measure: MeasureText = estimateWidth,
): number {
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    lines += 1;
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (measure(candidate, fontSize) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines += 1;
      // A word wider than the box is broken into as many full lines as it needs.
      const wordWidth = measure(word, fontSize);
      const extra = Math.max(0, Math.ceil(wordWidth / width) - 1);
      lines += extra;
      current = extra > 0 ? word.slice(Math.floor((word.length * extra * width) / wordWidth)) : word;
    }
  }
  return lines;
}

/**
 * The first of `steps` (largest first) at which `text` fits `box`; the smallest step when
 * none does, so the caller always gets a usable size.
 */
export function fitFontSize(text: string, box: Box, steps: readonly number[], options: FitOptions = {}): number {
  if (steps.length === 0) throw new Error('fitFontSize needs at least one font size step');
  const sorted = [...steps].sort((a, b) => b - a);
  const lineHeight = options.lineHeight ?? 1.2;
  for (const size of sorted) {
    const lines = countLines(text, box.width, size, options.measure);
    if (lines * size * lineHeight <= box.height) return size;
  }
  return sorted[sorted.length - 1];
}

/**
 * A measurer backed by a canvas 2D context, for the browser: it knows the actual font, so
 * the steps follow what the card really shows. Falls back to the estimate without canvas.
 */
export function canvasMeasure(fontFamily: string, fontWeight = 'bold'): MeasureText {
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  } catch {
    ctx = null; // jsdom has no canvas implementation
  }
  if (!ctx) return estimateWidth;
  const context = ctx;
  return (text, fontSize) => {
    context.font = `${fontWeight} ${fontSize}px ${fontFamily}`;
    return context.measureText(text).width;
  };
}
