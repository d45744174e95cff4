/**
 * How alike two glyph samples are: the normalised correlation of their grids, less what their
 * sizes differ by. Correlation is blind to a glyph's box (every glyph is stretched to the grid), so
 * a width or height off by a fifth costs about as much as a stroke in the wrong place.
 */
import { GRID_HEIGHT, GRID_SIZE, GRID_WIDTH, type GlyphSample } from './glyph-sample';

/** What a glyph's width or height differing by a factor e costs, per unit of |ln|. */
export const WIDTH_WEIGHT = 0.6;
export const HEIGHT_WEIGHT = 0.8;

/**
 * Spread (standard deviation of the greys) under which a grid is flat: a bare bar (an I, or a glyph
 * JPEG smeared solid) fills its box, and its correlation with anything is noise. Over the labelled
 * set (bars compared by their rows, BAR_WIDTH), 77 of 116 I glyphs spread under 30 (the rest shade
 * off at their ends), every other character's 67 or more.
 */
export const FLAT_SPREAD = 30;

/** A sample prepared for comparison: its grid centred and scaled to unit length. */
export interface Prepared {
  /** Doubles, not floats: the products are summed as doubles, and a rank took a fifth longer converting (4.9 -> 4.0 ms). */
  unit: Float64Array;
  /** The grid is flat (FLAT_SPREAD): alike only to another flat grid. */
  flat: boolean;
  logWidth: number;
  logHeight: number;
}

/**
 * Width (in capitals) under which a glyph is a bar, one to three pixels across at the sizes codes
 * are read: stretched to the grid's 16 columns, its columns are where the stroke fell between
 * pixels, not its shape, and two bars correlate by chance. Its rows are compared instead (each row
 * its mean across). 9 in 10 of the set's I glyphs are under 0.29 capitals wide, every 1 over 0.5.
 */
export const BAR_WIDTH = 0.3;

/** Each row's greys replaced by the row's mean. */
function rowMeans(pixels: Uint8Array): Uint8Array {
  const rows = new Uint8Array(GRID_SIZE);
  for (let y = 0; y < GRID_HEIGHT; y++) {
    let sum = 0;
    for (let x = 0; x < GRID_WIDTH; x++) sum += pixels[y * GRID_WIDTH + x];
    rows.fill(Math.round(sum / GRID_WIDTH), y * GRID_WIDTH, (y + 1) * GRID_WIDTH);
  }
  return rows;
}

export function prepare(sample: GlyphSample): Prepared {
  const pixels = sample.width < BAR_WIDTH ? rowMeans(sample.pixels) : sample.pixels;
  let mean = 0;
  for (const v of pixels) mean += v;
  mean /= GRID_SIZE;
  const unit = new Float64Array(GRID_SIZE);
  let norm = 0;
  for (let i = 0; i < GRID_SIZE; i++) {
    unit[i] = pixels[i] - mean;
    norm += unit[i] * unit[i];
  }
  const flat = Math.sqrt(norm / GRID_SIZE) < FLAT_SPREAD;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < GRID_SIZE; i++) unit[i] /= norm;
  return {
    unit,
    flat,
    logWidth: Math.log(Math.max(sample.width, 0.01)),
    logHeight: Math.log(Math.max(sample.height, 0.01)),
  };
}

/** How alike the two grids are, -1 to 1, blind to size: a flat grid is alike only to another flat one. */
function gridLikeness(a: Prepared, b: Prepared): number {
  return a.flat || b.flat ? (a.flat && b.flat ? 1 : 0) : dot(a.unit, b.unit);
}

/**
 * The dot product of two grids, summed four ways at once: one running sum waits on each addition
 * before the next: a rank of 2,568 glyphs (the set then) took 4.4 ms, 3.4 summed four ways
 * (GRID_SIZE is a multiple of 4).
 */
function dot(a: Float64Array, b: Float64Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < GRID_SIZE; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  return s0 + s1 + s2 + s3;
}

/** The best similarity of `probe` to each label's glyphs (`skip`, the probe's own glyph, left out). */
export function bestPerLabel(
  probe: Prepared,
  samples: Iterable<{ label: string; prepared: Prepared }>,
  skip?: Prepared,
): Map<string, number> {
  return bestPerLabelAtWidths(probe, samples, [1], skip)[0];
}

/**
 * `bestPerLabel` for the probe drawn each of `widths` times as wide as it is: one per width, the
 * grids compared once (a width changes only the size penalty).
 */
export function bestPerLabelAtWidths(
  probe: Prepared,
  samples: Iterable<{ label: string; prepared: Prepared }>,
  widths: readonly number[],
  skip?: Prepared,
): Array<Map<string, number>> {
  const logWidths = widths.map((w) => probe.logWidth + Math.log(w));
  /** Per label, its best score at each width. */
  const best = new Map<string, Float64Array>();
  for (const { label, prepared } of samples) {
    if (prepared === skip) continue;
    let row = best.get(label);
    if (!row) best.set(label, (row = new Float64Array(widths.length).fill(-Infinity)));
    // 1 for the same glyph, lower the less alike: the grids' likeness less what the sizes differ by.
    const alike = gridLikeness(probe, prepared) - HEIGHT_WEIGHT * Math.abs(probe.logHeight - prepared.logHeight);
    for (let k = 0; k < widths.length; k++) {
      const score = alike - WIDTH_WEIGHT * Math.abs(logWidths[k] - prepared.logWidth);
      if (score > row[k]) row[k] = score;
    }
  }
  return widths.map((_, k) => new Map([...best].map(([label, row]) => [label, row[k]])));
}
