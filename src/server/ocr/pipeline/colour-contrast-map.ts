/**
 * The image as white text on a black page, by colour contrast: pale blue text on a light page
 * (another layout, a light theme) is no whiter than its page, so the whiteness mask cannot see it;
 * in this map it is white, and every reader of white text (lines, glyphs, masks) reads it as usual.
 *
 * Two measures make the map. Colour distance from the page finds the text: in a JPEG, though,
 * colour is kept at half resolution and coarsely, so strokes come out blurred and speckled. Pale
 * text on a light page differs from it mostly in colour and only a little in brightness (5 levels
 * of 255 in the generated light layout), but brightness is kept at full resolution: near the text
 * that colour found, each piece of text is drawn from brightness, scaled by its own step.
 */
import { components } from './code/glyphs';
import { brightness, clampRect } from './text-crops';
import type { Rect, RgbImage } from './tile-grid';
import { roundHalfUp } from './round-half-up';

/** A colour this far (largest channel difference) from its page colour is full ink. */
const CONTRAST_FULL_INK = 30;
/** Differences up to this are the page's own: JPEG noise, a gradient's steps. */
const CONTRAST_NOISE = 8;
/** Share of a piece of text's pixels at the full step of its strokes: the rest are their anti-aliased edges. */
const STROKE_SHARE = 0.25;
/**
 * Map value from which a pixel is near the text: colour is smeared a pixel or two past a stroke,
 * so this covers the strokes that brightness then draws sharply.
 */
const NEAR_TEXT = 40;
/** Pixels around a piece of text redrawn with it (`drawTextByLuma`). */
const PIECE_REACH = 2;
/**
 * Share of a piece's ink step below which a redrawn pixel is page: the page's own noise around the
 * strokes, which the reach now takes in, would otherwise speckle the gaps between glyphs.
 */
const NOISE_FLOOR = 0.25;
/**
 * A piece this few levels from its page is faint: JPEG noise counts beside its step, and colour is
 * all that found it. It is drawn from smoothed steps (`smoothed`), with its reach and noise floor.
 * Text with a clear step (white on a dark page) is drawn from its own pixels' steps alone.
 */
const FAINT_STEP = 15;
/** The smallest brightness step (levels) between strokes and their page worth drawing from: below it, JPEG noise. */
const MIN_LUMA_STEP = 3;

/** A colour's bin: 5 bits per channel. */
const colourBin = (data: Uint8Array, i: number): number =>
  ((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3);

/** Two colour bins within one step of each other in every channel. */
const binsNear = (a: number, b: number): boolean =>
  Math.abs((a >> 10) - (b >> 10)) <= 1 &&
  Math.abs(((a >> 5) & 31) - ((b >> 5) & 31)) <= 1 &&
  Math.abs((a & 31) - (b & 31)) <= 1;

/** Pixels of the row's commonest colour and the colours next to it (`binsNear` it). */
function nearBinCount(counts: Uint16Array, bin: number): number {
  const [r, g, b] = [bin >> 10, (bin >> 5) & 31, bin & 31];
  let near = 0;
  for (let nr = Math.max(0, r - 1); nr <= Math.min(31, r + 1); nr++) {
    for (let ng = Math.max(0, g - 1); ng <= Math.min(31, g + 1); ng++) {
      for (let nb = Math.max(0, b - 1); nb <= Math.min(31, b + 1); nb++) near += counts[(nr << 10) | (ng << 5) | nb];
    }
  }
  return near;
}

type Rgb = [number, number, number];

/**
 * A row's page: its colour at the region's centre column and how much each channel changes a pixel
 * to the right. A diagonal gradient changes along a row too: on a page from orange to purple, the
 * header's rows lost 30 levels of green from left to right, four colour bins, and one colour a row
 * made the paler half of the header ink, its code a blob ("other background" unseen seed 39404).
 */
interface RowPage {
  centre: Rgb;
  slope: Rgb;
}

const FLAT: Rgb = [0, 0, 0];

/** Channel `k` of the page's colour `dx` pixels right of the region's centre column. */
const channelAt = (page: RowPage, k: number, dx: number): number => page.centre[k] + page.slope[k] * dx;

/**
 * Levels (largest channel difference) within which a pixel lies on the row's page line as fitted
 * so far, and is fitted again with it: about a colour bin and its neighbours (`binsNear`); along a
 * gradient, each fit reaches a little further out.
 */
const PAGE_FIT_TOLERANCE = 8;
/** Fits after the first (of the commonest colours): each takes in the gradient's pixels a little further out. */
const PAGE_FIT_ROUNDS = 2;
/**
 * Levels a channel of the page must change by across the region for the page to be a gradient
 * along its rows. Under it each row is flat, one colour: the mean of its commonest colours.
 */
const MIN_GRADIENT = 2 * PAGE_FIT_TOLERANCE;

/**
 * The line through each channel of the chosen pixels of row `y` against their distance from the
 * centre column: least squares, or of the given slope (`FLAT`: their mean colour).
 */
function fitRow(
  img: RgbImage,
  y: number,
  r: Rect,
  chosen: (i: number, dx: number) => boolean,
  slope?: Rgb,
): RowPage | null {
  const row = y * img.width;
  const centreX = r.left + (r.width - 1) / 2;
  let n = 0;
  let sumX = 0;
  let sumXX = 0;
  const sum = [0, 0, 0];
  const sumXC = [0, 0, 0];
  for (let x = r.left; x < r.left + r.width; x++) {
    const i = (row + x) * 3;
    const dx = x - centreX;
    if (!chosen(i, dx)) continue;
    n++;
    sumX += dx;
    sumXX += dx * dx;
    for (let k = 0; k < 3; k++) {
      sum[k] += img.data[i + k];
      sumXC[k] += dx * img.data[i + k];
    }
  }
  if (n === 0) return null;
  const spread = sumXX - (sumX * sumX) / n;
  const fitted = slope ?? ([0, 1, 2].map((k) => (spread > 0 ? (sumXC[k] - (sumX * sum[k]) / n) / spread : 0)) as Rgb);
  return { centre: [0, 1, 2].map((k) => (sum[k] - fitted[k] * sumX) / n) as Rgb, slope: fitted };
}

/** The row's line fitted again, `PAGE_FIT_ROUNDS` times, through the pixels near the last fit (of the given slope, if any). */
function refit(img: RgbImage, y: number, r: Rect, first: RowPage, slope?: Rgb): RowPage {
  let line = first;
  for (let round = 0; round < PAGE_FIT_ROUNDS; round++) {
    const last = line;
    const near = (i: number, dx: number) =>
      Math.abs(img.data[i] - channelAt(last, 0, dx)) <= PAGE_FIT_TOLERANCE &&
      Math.abs(img.data[i + 1] - channelAt(last, 1, dx)) <= PAGE_FIT_TOLERANCE &&
      Math.abs(img.data[i + 2] - channelAt(last, 2, dx)) <= PAGE_FIT_TOLERANCE;
    line = fitRow(img, y, r, near, slope) ?? last;
  }
  return line;
}

/**
 * Whether a pixel is of row `y`'s commonest colour or the colours next to it: neighbouring bins
 * count together, as a gradient page spreads over two or three bins per channel, where one flat
 * dark box beside it (an avatar's frame) would otherwise outnumber each. `counts` is scratch space
 * of 2^15 zeros, left zeroed.
 */
function commonestColour(img: RgbImage, y: number, r: Rect, counts: Uint16Array): (i: number) => boolean {
  const row = y * img.width;
  for (let x = r.left; x < r.left + r.width; x++) counts[colourBin(img.data, (row + x) * 3)]++;
  let page = colourBin(img.data, (row + r.left) * 3);
  let pageCount = -1;
  for (let x = r.left; x < r.left + r.width; x++) {
    const bin = colourBin(img.data, (row + x) * 3);
    const near = nearBinCount(counts, bin);
    if (near > pageCount) [page, pageCount] = [bin, near];
  }
  for (let x = r.left; x < r.left + r.width; x++) counts[colourBin(img.data, (row + x) * 3)] = 0;
  return (i) => binsNear(colourBin(img.data, i), page);
}

/**
 * Rows on either side, as a share of the region's height, that tell a row whose page colour is
 * another's: along the lower edge of an avatar's frame (4 px of 800) the frame outnumbers the page
 * in its row; taken for the page, it made the whole row ink and joined the code's line to the
 * avatars. And JPEG keeps colour in blocks of 16 px, which tint the page around pale text: in the
 * rows of a text line the tinted page outnumbers the clean one, 8-9 levels off in red and blue
 * on a beige page, so the strokes drawn against it broke up. The rows around a row of a line must
 * lie mostly outside the line, on both sides: the window is wider than two of the header's lines.
 */
const PAGE_ROWS_AROUND = 0.1;
/**
 * Levels (in a channel) beyond which a row's page colour is another's than its neighbours': JPEG
 * noise is 2 or so. A linear gradient's rows agree with the median of the rows around them.
 */
const PAGE_ROW_TINT = 3;

/** Rows, evenly spread, whose own slopes give the page's: a median needs no more, and each costs three fits. */
const SLOPE_ROWS = 24;

const medianOf = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * How the page changes along a row: the median over the rows of each row's own fitted slope, as a
 * linear gradient's slope is one across the whole page. In a row of text, the anti-aliased edges
 * of pale strokes lie within PAGE_FIT_TOLERANCE of the page and tilt that row's own line, which
 * then ran a streak of ink past the text; rows of text are the fewer. `FLAT` under MIN_GRADIENT.
 */
function pageSlope(img: RgbImage, r: Rect, commonest: Array<(i: number) => boolean>): Rgb {
  const step = Math.max(1, Math.floor(r.height / SLOPE_ROWS));
  const slopes = commonest
    .filter((_, y) => y % step === 0)
    .map((chosen, n) => {
      const y = r.top + n * step;
      const first = fitRow(img, y, r, chosen);
      return first ? refit(img, y, r, first).slope : FLAT;
    });
  const slope = [0, 1, 2].map((k) => medianOf(slopes.map((s) => s[k]))) as Rgb;
  return slope.some((s) => Math.abs(s) * r.width >= MIN_GRADIENT) ? slope : FLAT;
}

/**
 * Each row's page: the mean of its commonest colours on a flat page, or on a gradient the line of
 * the page's slope through them and then through the pixels near it. Where its colour at the
 * centre is further than PAGE_ROW_TINT from the median of the rows around it (by brightness), that
 * median row's page.
 */
function rowPages(img: RgbImage, r: Rect): RowPage[] {
  const counts = new Uint16Array(1 << 15);
  const commonest = Array.from({ length: r.height }, (_, y) => commonestColour(img, r.top + y, r, counts));
  const slope = pageSlope(img, r, commonest);
  const rows = commonest.map((chosen, y) => {
    const first = fitRow(img, r.top + y, r, chosen, slope) ?? { centre: FLAT, slope };
    return slope === FLAT ? first : refit(img, r.top + y, r, first, slope);
  });
  const pageBrightness = rows.map((page) => brightness(page.centre, 0));
  const around = Math.max(3, Math.round(r.height * PAGE_ROWS_AROUND));
  return rows.map((own, y) => {
    const window: number[] = [];
    for (let w = Math.max(0, y - around); w <= Math.min(r.height - 1, y + around); w++) window.push(w);
    window.sort((a, b) => pageBrightness[a] - pageBrightness[b]);
    const median = rows[window[Math.floor(window.length / 2)]];
    return own.centre.some((v, k) => Math.abs(v - median.centre[k]) > PAGE_ROW_TINT) ? median : own;
  });
}

/** Each pixel's largest channel difference from its page colour, and its page's brightness there. */
function pageDistances(img: RgbImage, r: Rect): { distances: Float32Array; pageLuma: Float32Array } {
  const distances = new Float32Array(r.width * r.height);
  const pageLuma = new Float32Array(r.width * r.height);
  const centreX = r.left + (r.width - 1) / 2;
  // The page colour of one pixel at a time, stepped along the row by its slope: the map's hottest
  // loop allocates nothing, and a flat page's costs what one colour a row did.
  const colour = new Float64Array(3);
  for (const [rowIndex, page] of rowPages(img, r).entries()) {
    const row = (r.top + rowIndex) * img.width;
    for (let k = 0; k < 3; k++) colour[k] = channelAt(page, k, r.left - centreX);
    const luma = brightness(colour, 0);
    const lumaSlope = brightness(page.slope, 0);
    for (let x = r.left; x < r.left + r.width; x++) {
      const i = (row + x) * 3;
      const p = rowIndex * r.width + x - r.left;
      pageLuma[p] = luma + lumaSlope * (x - r.left);
      distances[p] = Math.max(
        Math.abs(img.data[i] - colour[0]),
        Math.abs(img.data[i + 1] - colour[1]),
        Math.abs(img.data[i + 2] - colour[2]),
      );
      for (let k = 0; k < 3; k++) colour[k] += page.slope[k];
    }
  }
  return { distances, pageLuma };
}

/**
 * The colour-contrast map of `region`: a pixel's value is its colour's distance from its row's page
 * colour there (a gradient page changes from row to row, and along a row), averaged over its
 * neighbours, then redrawn from brightness near text. Only `region` is mapped, in the image's
 * coordinates; the map ends with the region's last row (a header's map is no larger than the
 * header) and is black outside it.
 * `smoothFaintText: false` draws faint text from each pixel's own brightness (`smoothed`): another
 * view of the same strokes, for a vote where two reads disagree.
 */
export function colourContrastMap(img: RgbImage, region: Rect, { smoothFaintText = true } = {}): RgbImage {
  const r = clampRect(img, region);
  const { distances, pageLuma } = pageDistances(img, r);
  const map: RgbImage = {
    data: new Uint8Array(img.width * (r.top + r.height) * 3),
    width: img.width,
    height: r.top + r.height,
  };
  // Averaged over 3x3 pixels: JPEG keeps colour at half resolution, so a thin stroke's colour is
  // smeared over its neighbours and its own pixels come out speckled.
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(r.height - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(r.width - 1, x + 1); xx++, n++)
          sum += distances[yy * r.width + xx];
      }
      setGrey(
        map,
        r.left + x,
        r.top + y,
        roundHalfUp((Math.max(0, sum / n - CONTRAST_NOISE) * 255) / CONTRAST_FULL_INK),
      );
    }
  }
  drawTextByLuma(map, img, r, pageLuma, smoothFaintText);
  return map;
}

function setGrey(map: RgbImage, x: number, y: number, value: number): void {
  const i = (y * map.width + x) * 3;
  map.data[i] = map.data[i + 1] = map.data[i + 2] = Math.max(0, Math.min(255, value));
}

/** Each pixel's brightness step from its page. */
function brightnessSteps(img: RgbImage, r: Rect, pageLuma: Float32Array): Float32Array {
  const steps = new Float32Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++)
      steps[y * r.width + x] =
        brightness(img.data, ((r.top + y) * img.width + r.left + x) * 3) - pageLuma[y * r.width + x];
  }
  return steps;
}

/**
 * The steps, each half its own and an eighth of each of its four neighbours'. Pale text on a light
 * page is 5 levels from it, in JPEG noise of 1-2 levels: this halves the noise, and a 2 px stroke
 * keeps its shape.
 */
function smoothed(steps: Float32Array, width: number): Float32Array {
  const out = Float32Array.from(steps);
  const height = steps.length / width;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      out[p] = (4 * steps[p] + steps[p - 1] + steps[p + 1] + steps[p - width] + steps[p + width]) / 8;
    }
  }
  return out;
}

/** A piece's step, reached by a quarter of its pixels (the rest are anti-aliased edges); 0 when its steps' signs disagree. */
function inkStepOf(piece: number[], steps: Float32Array): number {
  const sorted = piece.map((p) => steps[p]).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const inkStep = sorted[Math.floor((sorted.length - 1) * (median > 0 ? 1 - STROKE_SHARE : STROKE_SHARE))];
  return Math.sign(inkStep) === Math.sign(median) ? inkStep : 0;
}

/**
 * Redraws each connected piece of the map's text (a glyph, or glyphs the colour blur joined: the
 * glyph finder's `components`) from brightness: the piece's step from the page, reached by a
 * quarter of its pixels (the rest are its anti-aliased edges), is full ink; pixels on the other
 * side of the page are none. Around a faint piece, the pixels within PIECE_REACH are redrawn with
 * it: colour, kept at half resolution, misses the edges of some strokes and smears past others. A piece
 * as bright as the page keeps its colour drawing. Each piece has a step of its own: pale text,
 * white text and an avatar's dark frame stand beside each other in a header.
 */
function drawTextByLuma(map: RgbImage, img: RgbImage, r: Rect, pageLuma: Float32Array, smoothFaintText: boolean): void {
  const sharp = brightnessSteps(img, r, pageLuma);
  let soft: Float32Array | undefined;
  /** Each pixel's step as a share of its piece's ink step; -Infinity where no piece reaches. */
  const ink = new Float32Array(r.width * r.height).fill(-Infinity);
  for (const { pixels: piece } of components(map, r, NEAR_TEXT)) {
    const sharpInkStep = inkStepOf(piece, sharp);
    const faint = Math.abs(sharpInkStep) < FAINT_STEP;
    const steps = faint && smoothFaintText ? (soft ??= smoothed(sharp, r.width)) : sharp;
    const inkStep = steps === sharp ? sharpInkStep : inkStepOf(piece, steps);
    if (Math.abs(inkStep) < MIN_LUMA_STEP) continue;
    const reach = faint ? PIECE_REACH : 0;
    const floor = faint ? NOISE_FLOOR : 0;
    for (const p of piece) {
      const x = p % r.width;
      const y = (p - x) / r.width;
      for (let yy = Math.max(0, y - reach); yy <= Math.min(r.height - 1, y + reach); yy++) {
        for (let xx = Math.max(0, x - reach); xx <= Math.min(r.width - 1, x + reach); xx++) {
          const q = yy * r.width + xx;
          ink[q] = Math.max(ink[q], (steps[q] / inkStep - floor) / (1 - floor));
        }
      }
    }
  }
  for (let p = 0; p < ink.length; p++) {
    if (ink[p] !== -Infinity)
      setGrey(map, r.left + (p % r.width), r.top + Math.floor(p / r.width), roundHalfUp(ink[p] * 255));
  }
}
