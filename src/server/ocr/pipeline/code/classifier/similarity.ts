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

/**
 * Labelled samples packed for scanning: every grid one after another in one array, labels as
 * indexes. A probe is compared with every sample of the set (5,124 grids of 384 doubles, 16 MB),
 * and scanning grids kept as one object each took 3.35 ms a probe; packed, 1.75 (53 probes).
 */
export class SampleSet {
  /** The distinct labels, in order of first appearance. */
  readonly labels: string[] = [];
  readonly size: number;
  private readonly labelIndex: Int32Array;
  private readonly grids: Float64Array;
  private readonly flat: Uint8Array;
  private readonly logWidths: Float64Array;
  private readonly logHeights: Float64Array;

  constructor(samples: ReadonlyArray<{ label: string; prepared: Prepared }>) {
    this.size = samples.length;
    this.labelIndex = new Int32Array(this.size);
    this.grids = new Float64Array(this.size * GRID_SIZE);
    this.flat = new Uint8Array(this.size);
    this.logWidths = new Float64Array(this.size);
    this.logHeights = new Float64Array(this.size);
    const indexOf = new Map<string, number>();
    samples.forEach(({ label, prepared }, n) => {
      if (!indexOf.has(label)) indexOf.set(label, this.labels.push(label) - 1);
      this.labelIndex[n] = indexOf.get(label)!;
      this.grids.set(prepared.unit, n * GRID_SIZE);
      this.flat[n] = prepared.flat ? 1 : 0;
      this.logWidths[n] = prepared.logWidth;
      this.logHeights[n] = prepared.logHeight;
    });
  }

  /**
   * `bestPerLabel` for the probe drawn each of `widths` times as wide as it is: one per width, the
   * grids compared once (a width changes only the size penalty). `skip`: the index of a sample
   * left out (the probe's own glyph).
   */
  bestPerLabelAtWidths(probe: Prepared, widths: readonly number[], skip = -1): Array<Map<string, number>> {
    const count = widths.length;
    const logWidths = Float64Array.from(widths, (w) => probe.logWidth + Math.log(w));
    /** best[label * count + k]: the label's best score at width k. */
    const best = new Float64Array(this.labels.length * count).fill(-Infinity);
    const seen = new Uint8Array(this.labels.length);
    for (let n = 0; n < this.size; n++) {
      if (n === skip) continue;
      const label = this.labelIndex[n];
      seen[label] = 1;
      // 1 for the same glyph, lower the less alike: the grids' likeness less what the sizes differ by.
      const alike = this.gridLikeness(probe, n) - HEIGHT_WEIGHT * Math.abs(probe.logHeight - this.logHeights[n]);
      const logWidth = this.logWidths[n];
      const row = label * count;
      for (let k = 0; k < count; k++) {
        const score = alike - WIDTH_WEIGHT * Math.abs(logWidths[k] - logWidth);
        if (score > best[row + k]) best[row + k] = score;
      }
    }
    return widths.map(
      (_, k) => new Map(this.labels.flatMap((label, l) => (seen[l] ? [[label, best[l * count + k]] as const] : []))),
    );
  }

  /** The best similarity of `probe` to each label's glyphs (`skip`: the index of a sample left out). */
  bestPerLabel(probe: Prepared, skip = -1): Map<string, number> {
    return this.bestPerLabelAtWidths(probe, [1], skip)[0];
  }

  /** How alike the probe's grid and sample n's are, -1 to 1, blind to size: a flat grid is alike only to another flat one. */
  private gridLikeness(probe: Prepared, n: number): number {
    if (probe.flat || this.flat[n]) return probe.flat && this.flat[n] ? 1 : 0;
    return this.dot(probe.unit, n * GRID_SIZE);
  }

  /**
   * The dot product of the probe's grid and the one at `offset`, summed four ways at once: one
   * running sum waits on each addition before the next (a rank of 2,568 glyphs took 4.4 ms, 3.4
   * summed four ways; GRID_SIZE is a multiple of 4).
   */
  private dot(a: Float64Array, offset: number): number {
    const b = this.grids;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < GRID_SIZE; i += 4) {
      s0 += a[i] * b[offset + i];
      s1 += a[i + 1] * b[offset + i + 1];
      s2 += a[i + 2] * b[offset + i + 2];
      s3 += a[i + 3] * b[offset + i + 3];
    }
    return s0 + s1 + s2 + s3;
  }
}
