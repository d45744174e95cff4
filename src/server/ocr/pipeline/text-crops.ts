/**
 * Turns regions of the share image into small black-on-white images tesseract reads well.
 *
 * Card names and the header are white (or pale) text over busy art. Tesseract reads the raw
 * pixels badly, but reads a "whiteness" mask of them well: bright, unsaturated pixels become
 * black ink, everything else white paper. The mask is soft (a ramp, not a cut) and is upscaled
 * before tesseract binarises it, which keeps thin strokes of small text alive through JPEG blur.
 */
import type { Rect, RgbImage } from './tile-grid';
import { roundHalfUp } from './round-half-up';

/** Whiteness ramp: at or below LOW a pixel is paper, at or above LOW + SPAN it is full ink. */
export const INK_LOW = 90;
const INK_SPAN = 90;
/** A pixel counts as text when finding text lines (hard cut, between the ramp's ends). */
export const TEXT_LINE_THRESHOLD = 150;

/** Bright and grey scores high; bright but coloured (pink boxes, yellow badges) does not. */
export function whiteness(data: Uint8Array, i: number): number {
  const r = data[i];
  const g = data[i + 1];
  const b = data[i + 2];
  const min = Math.min(r, g, b);
  const max = Math.max(r, g, b);
  return min - 0.5 * (max - min);
}

/** The rectangle in whole pixels, inside the image and at least one pixel in size. */
export function clampRect(img: RgbImage, rect: Rect): Rect {
  const left = Math.max(0, Math.min(img.width - 1, Math.round(rect.left)));
  const top = Math.max(0, Math.min(img.height - 1, Math.round(rect.top)));
  const width = Math.max(1, Math.min(img.width - left, Math.round(rect.width)));
  const height = Math.max(1, Math.min(img.height - top, Math.round(rect.height)));
  return { left, top, width, height };
}

/** Brightness (luma) of the pixel at `i` of RGB data, or of one colour (`i` 0). */
export function brightness(data: ArrayLike<number>, i: number): number {
  return 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
}

/** The median whiteness of a region (sampled): the page's, where text is a small part of it. */
export const medianWhiteness = (img: RgbImage, region: Rect): number => regionMedian(img, region, whiteness);

/** The median brightness of a region (sampled): the page's, where text is a small part of it. */
export const medianBrightness = (img: RgbImage, region: Rect): number => regionMedian(img, region, brightness);

function regionMedian(img: RgbImage, region: Rect, measure: (data: Uint8Array, i: number) => number): number {
  const r = clampRect(img, region);
  const step = Math.max(1, Math.floor(Math.sqrt((r.width * r.height) / 20_000)));
  const values = new Float64Array(Math.ceil(r.height / step) * Math.ceil(r.width / step));
  let n = 0;
  for (let y = r.top; y < r.top + r.height; y += step) {
    for (let x = r.left; x < r.left + r.width; x += step) values[n++] = measure(img.data, (y * img.width + x) * 3);
  }
  // A typed array sorts numbers natively, several times faster than a comparator over a plain array.
  return values.sort()[Math.floor(n / 2)] ?? 0;
}

/** A horizontal run of text rows inside a region, in image coordinates. */
export interface TextLine {
  top: number;
  bottom: number;
  /** Leftmost and rightmost text pixel in the line. */
  left: number;
  right: number;
  /** Share of the region's middle fifth of columns holding text: high for centred names. */
  middleCoverage: number;
}

/**
 * Whether a line found in `region` starts at the region's top edge: it is the foot of something
 * above the region (art, mostly), cut off there, not a line of text of its own.
 */
export function isCutByTop(line: TextLine, region: Rect): boolean {
  return line.top <= Math.round(region.top);
}

/** Share of a region's rows a column must be inked in to count as a frame. */
const FRAME_ROW_SHARE = 0.8;

/** Lines of white text in a region, top to bottom. */
export function findTextLines(img: RgbImage, region: Rect, threshold = TEXT_LINE_THRESHOLD): TextLine[] {
  const r = clampRect(img, region);
  const minInk = Math.max(2, Math.round(r.width * 0.01));
  const lines: TextLine[] = [];
  let open: { top: number; left: number; right: number; middle: number } | null = null;
  const middleFrom = r.left + Math.round(r.width * 0.4);
  const middleTo = r.left + Math.round(r.width * 0.6);
  /** The middle columns the open line has ink in, each once. */
  const middleInk = new Uint8Array(Math.max(0, middleTo - middleFrom));
  // The region's ink, judged once: a pixel is read for the frames and again for its row.
  const isInk = new Uint8Array(r.width * r.height);
  // A column with ink in nearly every row is a frame (of a tile in a tilted image) or a stroke of
  // art, not text: counted, it would join every line of the region into one.
  const inkRows = new Uint32Array(r.width);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++)
      if (whiteness(img.data, ((r.top + y) * img.width + r.left + x) * 3) >= threshold) {
        isInk[y * r.width + x] = 1;
        inkRows[x]++;
      }
  }
  const isFrame = inkRows.map((n) => (n > r.height * FRAME_ROW_SHARE ? 1 : 0));
  for (let y = 0; y <= r.height; y++) {
    let ink = 0;
    let left = Infinity;
    let right = -Infinity;
    const rowMiddle: number[] = [];
    if (y < r.height) {
      for (let x = 0; x < r.width; x++) {
        if (isFrame[x] || !isInk[y * r.width + x]) continue;
        ink++;
        left = Math.min(left, r.left + x);
        right = Math.max(right, r.left + x);
        if (r.left + x >= middleFrom && r.left + x < middleTo) rowMiddle.push(r.left + x - middleFrom);
      }
    }
    if (ink >= minInk) {
      open ??= { top: r.top + y, left, right, middle: 0 };
      open.left = Math.min(open.left, left);
      open.right = Math.max(open.right, right);
      for (const x of rowMiddle) {
        open.middle += 1 - middleInk[x];
        middleInk[x] = 1;
      }
    } else if (open) {
      lines.push({
        top: open.top,
        bottom: r.top + y,
        left: open.left,
        right: open.right,
        middleCoverage: open.middle / Math.max(1, middleTo - middleFrom),
      });
      middleInk.fill(0);
      open = null;
    }
  }
  return lines;
}

export interface MaskOptions {
  /** Height in pixels the text should have after scaling (tesseract likes ~30 px capitals). */
  scale: number;
  /** Pixels of white paper added around the crop: tesseract misses text touching the edge. */
  margin?: number;
  /** Whiteness at which ink starts; lower for pale text on the dark page (the header). */
  inkLow?: number;
  /** Stretch the crop's contrast so its faintest text comes out black (blur, a dim or grey screen). */
  stretch?: boolean;
  /** Pixels of ink taken off each side of every upright stroke after scaling (`thinStrokes`). */
  thin?: number;
}

/**
 * Catmull-Rom taps for scaling a line of `from` pixels to `to`: for each output pixel, the four
 * source pixels around its centre (clamped to the line) and their weights.
 */
function cubicTaps(from: number, to: number): { index: Int32Array; weight: Float64Array } {
  const index = new Int32Array(4 * to);
  const weight = new Float64Array(4 * to);
  for (let x = 0; x < to; x++) {
    const centre = ((x + 0.5) * from) / to - 0.5;
    const first = Math.floor(centre);
    const t = centre - first;
    const weights = [
      (-t * t * t + 2 * t * t - t) / 2,
      (3 * t * t * t - 5 * t * t + 2) / 2,
      (-3 * t * t * t + 4 * t * t + t) / 2,
      (t * t * t - t * t) / 2,
    ];
    for (let k = 0; k < 4; k++) {
      index[4 * x + k] = Math.max(0, Math.min(from - 1, first - 1 + k));
      weight[4 * x + k] = weights[k];
    }
  }
  return { index, weight };
}

/** A grey image scaled (up) to `width` x `height` by cubic interpolation, rows first. */
function cubicScale(
  gray: Uint8Array,
  from: { width: number; height: number },
  width: number,
  height: number,
): Uint8Array {
  const across = cubicTaps(from.width, width);
  const down = cubicTaps(from.height, height);
  const rows = new Float64Array(from.height * width);
  for (let y = 0; y < from.height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let k = 4 * x; k < 4 * x + 4; k++) v += across.weight[k] * gray[y * from.width + across.index[k]];
      rows[y * width + x] = v;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let k = 4 * y; k < 4 * y + 4; k++) v += down.weight[k] * rows[down.index[k] * width + x];
      out[y * width + x] = Math.max(0, Math.min(255, roundHalfUp(v)));
    }
  }
  return out;
}

/** The grey levels stretched so the darkest and lightest 1 % of the pixels become black and white. */
function stretchContrast(gray: Uint8Array): Uint8Array {
  const histogram = new Uint32Array(256);
  for (const v of gray) histogram[v]++;
  const level = (share: number): number => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += histogram[v]) >= gray.length * share) return v;
    return 255;
  };
  const low = level(0.01);
  const high = level(0.99);
  if (high <= low) return gray;
  return gray.map((v) => Math.max(0, Math.min(255, roundHalfUp(((v - low) * 255) / (high - low)))));
}

/**
 * Dark ink on white with `by` pixels taken off both sides of each upright stroke: each pixel is
 * the lightest within `by` of it along its row. The game's heavy capitals, scaled up, come out
 * with stems so thick that the line model takes the I of IVY and the V beside it for one letter
 * ("vy" at OCR confidence 76, JPEG tuning seed 302); two pixels thinner at 22 px capitals, it reads
 * IVY.
 */
function thinStrokes(gray: Uint8Array, width: number, by: number): Uint8Array {
  const out = new Uint8Array(gray.length);
  for (let row = 0; row < gray.length; row += width) {
    for (let x = 0; x < width; x++) {
      let lightest = 0;
      for (let k = Math.max(0, x - by); k <= Math.min(width - 1, x + by); k++)
        lightest = Math.max(lightest, gray[row + k]);
      out[row + x] = lightest;
    }
  }
  return out;
}

/** White margin put around a crop by default, in the crop's (upscaled) pixels: tesseract misses text touching the edge. */
export const CROP_MARGIN = 12;

/**
 * A one-channel crop of `r`'s size as the image tesseract gets: optionally contrast-stretched,
 * upscaled, on a white margin, as a binary PGM. Built here rather than by sharp: a sharp resize
 * costs 6-7 ms however small the crop (its pipeline, not the pixels), some 25 crops an image on a
 * 2-core server; and tesseract reads a PGM about 5 ms sooner than a PNG it must inflate.
 */
function toOcrImage(
  gray: Uint8Array,
  r: Rect,
  { scale, margin, stretch = false, thin = 0 }: Omit<MaskOptions, 'inkLow'> & { margin: number },
): Buffer {
  const width = Math.max(1, Math.round(r.width * scale));
  const height = Math.max(1, Math.round((r.height * width) / r.width));
  const smooth = cubicScale(stretch ? stretchContrast(gray) : gray, r, width, height);
  const scaled = thin > 0 ? thinStrokes(smooth, width, thin) : smooth;
  const outWidth = width + 2 * margin;
  const header = Buffer.from(`P5\n${outWidth} ${height + 2 * margin}\n255\n`, 'ascii');
  const image = Buffer.alloc(header.length + outWidth * (height + 2 * margin), 255);
  header.copy(image);
  for (let y = 0; y < height; y++)
    image.set(scaled.subarray(y * width, (y + 1) * width), header.length + (y + margin) * outWidth + margin);
  return image;
}

/** The whiteness mask of a region as tesseract gets it: dark text on white, upscaled. */
export function whiteTextImage(
  img: RgbImage,
  region: Rect,
  { scale, margin = CROP_MARGIN, inkLow = INK_LOW, stretch = false, thin = 0 }: MaskOptions,
): Buffer {
  const r = clampRect(img, region);
  const gray = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const v = whiteness(img.data, ((r.top + y) * img.width + r.left + x) * 3);
      const ink = Math.max(0, Math.min(255, ((v - inkLow) * 255) / INK_SPAN));
      gray[y * r.width + x] = 255 - ink;
    }
  }
  return toOcrImage(gray, r, { scale, margin, stretch, thin });
}

/**
 * A region as a contrast-stretched grey image, for the small grey card code, which is too faint for
 * the whiteness mask.
 */
export function greyTextImage(img: RgbImage, region: Rect, { scale, margin = CROP_MARGIN }: MaskOptions): Buffer {
  const r = clampRect(img, region);
  const gray = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const i = ((r.top + y) * img.width + r.left + x) * 3;
      // Inverted luminance: the code is lighter than the art behind it; tesseract wants dark ink.
      gray[y * r.width + x] = 255 - roundHalfUp(brightness(img.data, i));
    }
  }
  return toOcrImage(gray, r, { scale, margin, stretch: true });
}

/**
 * Where the ink of text a little darker than its paper ramps from paper to black, in levels below
 * the paper: a bold ramp and a light one. The line model reads faint, JPEG-speckled small codes
 * erratically, and each ramp read some codes the other lost: on bright bodies, EEG012 came out as
 * "E012" bold and "FIA" light at 180 px tiles (unseen seed 39155), ACEM012 as "OCEMOLX" and
 * "ACEI9012" (tuning seed 351); JPEG's ripple around a flat body stays under the ramps' start.
 */
const PAPER_INK_RAMPS = [
  { from: 2, to: 10 },
  { from: 4, to: 20 },
] as const;

/** The brightest channel of a pixel: dark text on coloured paper is dark in every channel. */
export const lightness = (data: Uint8Array, i: number): number => Math.max(data[i], data[i + 1], data[i + 2]);

/**
 * A region as dark ink on white where its text is only a little darker than the paper it is
 * printed on, one image per ramp of PAPER_INK_RAMPS: each pixel's depth below the paper (the
 * region's median lightness), measured once for both. A bright tile body prints its small card
 * code 10-20 levels below its cream paper, where the grey crop's contrast is set by the rarity
 * badge beside it and the whiteness masks see nothing ("restyled: bright bodies" unseen seeds
 * 39133 and 39134: EEG012 over OSIRIS read as "YY" and "J", and the other Osiris taken).
 */
export function paperTextImages(img: RgbImage, region: Rect, { scale, margin = CROP_MARGIN }: MaskOptions): Buffer[] {
  const r = clampRect(img, region);
  const paper = regionMedian(img, r, lightness);
  const depth = new Float64Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++)
      depth[y * r.width + x] = paper - lightness(img.data, ((r.top + y) * img.width + r.left + x) * 3);
  }
  return PAPER_INK_RAMPS.map(({ from, to }) => {
    const gray = depth.map((d) => 255 - Math.max(0, Math.min(255, roundHalfUp(((d - from) * 255) / (to - from)))));
    return toOcrImage(Uint8Array.from(gray), r, { scale, margin });
  });
}

/**
 * How much wider than `maxGap` a gap may be between words of centred text, when the word beyond
 * it centres the text better: blur, dimming or a faint full stop ("ST. LAWRENCE") widen a word's
 * gap, and a gap to a frame or an icon never centres the text.
 */
const CENTRING_WORD_GAP = 2.5;

/**
 * The line's left and right narrowed to its text around `centreX`: ink further than `maxGap` from
 * the text (a tile's frame in a tilted image, an icon beside the line) is left out. Gaps between
 * words are narrower than a capital's height; gaps to a frame are wider. Centred text is whole
 * about `centreX`: a word beyond a wider gap is kept when it makes the text more nearly centred
 * ("CARINA NEBULA" is not "CARINA", whose middle is left of the tile's).
 */
export function centredSpan(
  img: RgbImage,
  line: TextLine,
  centreX: number,
  maxGap: number,
  threshold = TEXT_LINE_THRESHOLD,
): TextLine {
  const from = Math.max(0, Math.round(line.left));
  const to = Math.min(img.width - 1, Math.round(line.right));
  const runs: Array<{ left: number; right: number }> = [];
  for (let x = from; x <= to; x++) {
    if (!columnHoldsText(img, line, x, threshold)) continue;
    const last = runs[runs.length - 1];
    if (last && x - last.right <= maxGap) last.right = x;
    else runs.push({ left: x, right: x });
  }
  if (runs.length <= 1) return line;
  const distance = (r: { left: number; right: number }): number =>
    centreX < r.left ? r.left - centreX : centreX > r.right ? centreX - r.right : 0;
  const start = runs.indexOf(runs.reduce((a, b) => (distance(b) < distance(a) ? b : a)));
  const offCentre = (from: number, to: number): number => Math.abs((runs[from].left + runs[to].right) / 2 - centreX);
  // Of the spans around the run nearest the centre whose gaps a word may lie beyond, the most
  // nearly centred; words are added on both sides at once, or a name whose outer letters broke off
  // unevenly stays cut to its middle (OPISTHOTEUTHIS, blurred on a 512 px copy: each side alone
  // moved its middle off the tile's, both together onto it; "all at once" unseen seed 39088).
  const bridges = (k: number): boolean => runs[k + 1].left - runs[k].right <= maxGap * CENTRING_WORD_GAP;
  let lowest = start;
  while (lowest > 0 && bridges(lowest - 1)) lowest--;
  let highest = start;
  while (highest < runs.length - 1 && bridges(highest)) highest++;
  let [first, last] = [start, start];
  for (let from = lowest; from <= start; from++) {
    for (let to = start; to <= highest; to++) {
      if (offCentre(from, to) < offCentre(first, last)) [first, last] = [from, to];
    }
  }
  return { ...line, left: runs[first].left, right: runs[last].right };
}

/**
 * A line's capitals: their height and the share of their rows (between its left and right) that is
 * ink. Their rows are those holding at least a third of the fullest row's ink, within the band of
 * rows around the fullest that all hold some ink. A Q's tail, an accent or brackets reach past the
 * capitals in a few thin strokes, so a line's box says GREAT MOSQUE is half as tall again as OF
 * DJENNÉ under it, and brackets thin its ink; its capitals say neither. The height reaches from
 * the first capital row to the last: SET's bars fill 7 of its 12 rows, the rest are stems. It stops
 * at rows of almost no ink: an umlaut's dots may fill a row as well as stems do, but above a gap.
 * `stemShare` is the share of the line's ink columns holding ink down half the capitals' height
 * or more: capitals are stems and bowls, a thin rim of art one or two rows in each column.
 */
export function capitalsOf(
  img: RgbImage,
  line: TextLine,
  threshold = TEXT_LINE_THRESHOLD,
): { height: number; inkShare: number; stemShare: number } {
  const top = Math.max(0, Math.round(line.top));
  const bottom = Math.min(img.height, Math.round(line.bottom));
  const left = Math.max(0, Math.round(line.left));
  const right = Math.min(img.width - 1, Math.round(line.right));
  const rows: number[] = [];
  for (let y = top; y < bottom; y++) {
    let ink = 0;
    for (let x = left; x <= right; x++) if (whiteness(img.data, (y * img.width + x) * 3) >= threshold) ink++;
    rows.push(ink);
  }
  // A line with no rows left inside the image has no capitals to measure.
  if (rows.length === 0) return { height: 1, inkShare: 0, stemShare: 0 };
  const fullest = Math.max(0, ...rows);
  const holdsInk = (ink: number): boolean => ink >= fullest * STROKE_ROW_SHARE;
  let first = rows.indexOf(fullest);
  let last = first;
  while (first > 0 && holdsInk(rows[first - 1])) first--;
  while (last < rows.length - 1 && holdsInk(rows[last + 1])) last++;
  const band = rows.slice(first, last + 1);
  const capitalRows = band.flatMap((ink, i) => (ink >= fullest * CAPITAL_ROW_SHARE ? [i] : []));
  const ink = capitalRows.reduce((sum, i) => sum + band[i], 0);
  const height = capitalRows.length > 0 ? capitalRows[capitalRows.length - 1] - capitalRows[0] + 1 : 1;
  const capitalTop = top + first + (capitalRows[0] ?? 0);
  let inkColumns = 0;
  let stems = 0;
  for (let x = left; x <= right; x++) {
    let inkRows = 0;
    for (let y = capitalTop; y < capitalTop + height; y++)
      if (whiteness(img.data, (y * img.width + x) * 3) >= threshold) inkRows++;
    if (inkRows > 0) inkColumns++;
    if (inkRows * 2 >= height) stems++;
  }
  return {
    height,
    inkShare: ink / Math.max(1, capitalRows.length * (right - left + 1)),
    stemShare: stems / Math.max(1, inkColumns),
  };
}

/** The height of a line's capitals (`capitalsOf`). */
export function capitalHeight(img: RgbImage, line: TextLine, threshold = TEXT_LINE_THRESHOLD): number {
  return capitalsOf(img, line, threshold).height;
}

const CAPITAL_ROW_SHARE = 1 / 3;
/** A row of a line's capitals holds at least this share of its fullest row's ink: stems alone (SET's middle) hold a quarter. */
const STROKE_ROW_SHARE = 1 / 10;

/** Whether row `y` holds text (whiteness `threshold`) between the line's left and right. */
function rowHoldsText(img: RgbImage, line: TextLine, y: number, threshold: number): boolean {
  for (let x = Math.max(0, line.left); x <= Math.min(img.width - 1, line.right); x++)
    if (whiteness(img.data, (y * img.width + x) * 3) >= threshold) return true;
  return false;
}

/** Whether column `x` holds text (whiteness `threshold`) between the line's top and bottom. */
export function columnHoldsText(img: RgbImage, line: TextLine, x: number, threshold: number): boolean {
  for (let y = Math.max(0, Math.round(line.top)); y < Math.min(img.height, Math.round(line.bottom)); y++)
    if (whiteness(img.data, (y * img.width + x) * 3) >= threshold) return true;
  return false;
}

/**
 * The line's top and bottom grown through the rows next to them that hold text between its left
 * and right, to the first row without, no further than `within`.
 */
export function grownRows(
  img: RgbImage,
  line: TextLine,
  threshold: number,
  within: { top: number; bottom: number },
): TextLine {
  let { top, bottom } = line;
  while (top - 1 >= Math.max(0, within.top) && rowHoldsText(img, line, top - 1, threshold)) top--;
  while (bottom < Math.min(img.height, within.bottom) && rowHoldsText(img, line, bottom, threshold)) bottom++;
  return { ...line, top, bottom };
}

/** The line's top and bottom narrowed to the rows with text between its left and right. */
export function textRows(img: RgbImage, line: TextLine, threshold = TEXT_LINE_THRESHOLD): TextLine {
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = line.top; y < line.bottom; y++) {
    if (!rowHoldsText(img, line, y, threshold)) continue;
    top = Math.min(top, y);
    bottom = y + 1;
  }
  return top < bottom ? { ...line, top, bottom } : line;
}
