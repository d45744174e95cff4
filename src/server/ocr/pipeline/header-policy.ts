// Header policy: where the deck code is looked for above the grid, which views of the header are
// read (whiteness mask, colour contrast map, sharpened copy) and how their reads are settled.
import { classifierOf, rankedAt, type CodeShapes, type DeckCodeRead } from './code/deck-code';
import type { Glyph } from './code/glyphs';
import { planDeckCode, wholeHeaderPlan } from './code/deck-code-reader';
import { agreedCode, nothingToSettle } from './code/code-votes';
import { colourContrastMap } from './colour-contrast-map';
import { sharpenedRegion } from './sharpen';
import { medianBrightness, medianWhiteness } from './text-crops';
import type { Rect, RgbImage, TileGrid } from './tile-grid';
import type { OcrJobRunner } from '../runtime/worker-pool';
import { tracedPool, type StageTrace } from './trace';
import { BRIGHT_PAGE_BRIGHTNESS, LIGHT_PAGE_WHITENESS, MIN_HEADER_SHARE, SHARPEN_AMOUNT } from './thresholds';
/**
 * The header strip to read for the deck code first: above the grid, between the game's avatar
 * boxes (over the second and fourth columns). Other headers are read whole when this finds nothing.
 */
function headerRegion(tiles: Rect[], columns: number, gridTop: number): Rect {
  const left = tiles[1]?.left ?? 0;
  const right = tiles[columns - 1]?.left ?? left;
  return { left, top: 0, width: Math.max(1, right - left), height: gridTop };
}

/**
 * The best read of the deck code on one view of the header: its last text line, or the whole header
 * when the line finder picked art or the header is laid out otherwise. A read whose label came out
 * garbled is kept only for want of a clean one, the fewer letters wrong the better: the line around
 * a better read label was read better too ("DECK COOE: KOPW4G" over "OECK COOE: KOPW1G").
 */
async function readCodeOn(
  view: RgbImage,
  header: Rect,
  wholeHeader: Rect,
  tileHeight: number,
  pool: OcrJobRunner,
): Promise<DeckCodeRead | null> {
  let doubtful: DeckCodeRead | null = null;
  for (const makePlan of [() => planDeckCode(view, header, tileHeight), () => wholeHeaderPlan(view, wholeHeader)]) {
    const plan = makePlan();
    const read = await plan.decide((await pool.recognizeAll([plan.job], { first: true }))[0], pool);
    if (read?.labelErrors === 0) return read;
    if (read && (!doubtful || read.labelErrors < doubtful.labelErrors)) doubtful = read;
  }
  return doubtful;
}

/**
 * The deck code, read on the header's trusted view and a sharpened copy of it, and where the two
 * disagree on the other views too, settled character by character (`agreedCode`: look-alikes by the
 * glyphs each view cut, other characters by the majority). The views
 * are the whiteness mask and the colour contrast map, where the text is white whatever its page:
 * a light page hides pale text from the mask, so there the map is trusted. Where the mask finds no
 * code there (pale blue on a beige page), the third voice is the map drawn without smoothing faint
 * text, whose strokes mislead the line model on other glyphs than the smoothed map's. Maps are only
 * drawn when needed: one costs 50-350 ms of the reader thread, the sharpened copy 5-40 ms.
 */
export async function readDeckCode(
  img: RgbImage,
  grid: TileGrid,
  ocrPool: OcrJobRunner,
  trace?: StageTrace,
): Promise<string | null> {
  const pool = trace ? tracedPool(ocrPool, trace, 'code/look') : ocrPool;
  const code = await settleDeckCode(img, grid, pool, trace);
  trace?.note('deck_code', code);
  return code;
}

async function settleDeckCode(
  img: RgbImage,
  grid: TileGrid,
  pool: OcrJobRunner,
  trace?: StageTrace,
): Promise<string | null> {
  const tileHeight = grid.tiles[0].height;
  if (grid.top < tileHeight * MIN_HEADER_SHARE) return null;
  const header = headerRegion(grid.tiles, grid.columns, grid.top);
  const wholeHeader = { left: 0, top: 0, width: img.width, height: grid.top };
  trace?.region('code/header', img, wholeHeader);
  const lightPage =
    medianWhiteness(img, header) >= LIGHT_PAGE_WHITENESS || medianBrightness(img, header) >= BRIGHT_PAGE_BRIGHTNESS;
  const map = () => colourContrastMap(img, wholeHeader);
  const unsmoothedMap = () => colourContrastMap(img, wholeHeader, { smoothFaintText: false });
  const [trusted, ...others] = lightPage ? [map(), () => img, unsmoothedMap] : [img, map];
  const readOn = (view: RgbImage) => readCodeOn(view, header, wholeHeader, tileHeight, pool);
  const reads = await Promise.all([readOn(trusted), readOn(sharpenedRegion(trusted, wholeHeader, SHARPEN_AMOUNT))]);
  trace?.note('deck_code_reads', { lightPage, reads: reads.map(asTraced) });
  if (nothingToSettle(reads[0], reads[1])) return agreedCode(reads);
  for (const other of others) {
    const third = await readOn(other());
    trace?.note('deck_code_reads', { lightPage, reads: [...reads, third].map(asTraced) });
    if (third) return agreedCode([...reads, third]);
  }
  return agreedCode(reads);
}

/**
 * A read as the trace shows it: its code and label, the line model's own code, and each glyph it was
 * spelled on with the characters the classifier ranks first for it and its spelled character's
 * learnt look-alikes, which the votes weigh (their ink is left out).
 */
const asTraced = (read: DeckCodeRead | null) =>
  read && {
    code: read.code,
    labelErrors: read.labelErrors,
    lineCode: read.lineCode,
    style: read.shapes?.classifier?.styleName,
    line_width: read.shapes?.classifier?.lineWidth,
    glyphs: read.shapes?.glyphs.map((glyph, i) => glyph && tracedGlyph(glyph, read.code[i], read.shapes!, i)),
  };

const tracedGlyph = (glyph: Glyph, char: string, shapes: CodeShapes, i: number) => {
  const ranked = rankedAt(shapes, i) ?? [];
  const weighed = char + classifierOf(shapes).lookalikesOf(char);
  return {
    char,
    box: [glyph.left, glyph.top, glyph.width, glyph.height].map(Math.round),
    ranked: ranked
      .filter((s, place) => place < 2 || weighed.includes(s.char))
      .map((s) => `${s.char} ${s.score.toFixed(3)}`),
  };
};
