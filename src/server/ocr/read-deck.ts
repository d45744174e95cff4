/**
 * Reads a CUE "share deck" image: the deck code from the header and up to 18 cards from the tiles.
 *
 * The colours are normalised first (night-shift tints, dimmed screens) and a small rotation is
 * undone, then the tiles are found from their frames (`tile-finder.ts`). With a grid found, each
 * tile's name band is read on its own (one short line, the reader's best case) and the header is
 * read for "DECK CODE: ...". Tiles whose name is ambiguous (two cards share it) or poorly read get
 * a second look at their small printed code. Without a full grid (a crop, a different layout), the
 * text of the whole picture is read too and card names are searched in its lines.
 *
 * This module walks pixels in JavaScript: it runs in the reader thread (`reader-thread.ts`), never
 * on the server's event loop.
 */
import { CatalogIndex, type CardMatch, type MatchResult } from './catalog-index';
import { DECK_SIZE } from '../../common/game';
import { CODE_CHARACTERS, type DeckCodeRead } from './deck-code';
import { planDeckCode, wholeHeaderPlan } from './deck-code-reader';
import { normaliseColour } from './colour-normalise';
import { analysisCopy, edgeMaps } from './edge-maps';
import { decodeImage, OcrImageError } from './image-input';
import { MIN_CORRECTED_ANGLE, estimateRotation, unrotate } from './rotation';
import { readInReaderThread } from './reader-thread';
import { readTextAnywhere } from './text-fallback';
import { colourContrastMap } from './colour-contrast-map';
import {
  INK_LOW,
  TEXT_LINE_THRESHOLD,
  centredSpan,
  findTextLines,
  greyTextImage,
  medianBrightness,
  medianWhiteness,
  whiteTextImage,
  type TextLine,
} from './text-crops';
import { findTiles } from './tile-finder';
import { sharpenedRegion } from './sharpen';
import { agreedCode, nothingToSettle } from './code-votes';
import type { Rect, RgbImage, TileGrid } from './tile-grid';
import {
  OcrBusyError,
  OcrCancelledError,
  OcrTimeoutError,
  type OcrJob,
  type OcrJobRunner,
  type OcrResult,
} from './worker-pool';

export interface ReadCard {
  code: string;
  name: string;
  confidence: number;
  alternatives: CardMatch[];
}

export interface DeckReading {
  deck_code: string | null;
  cards: ReadCard[];
  /** How the cards were read: tile by tile in a grid, from text anywhere in the image, or not at all. */
  path: 'grid' | 'text' | 'none';
  /** Why the reading is empty or short, for the upload form to show; absent when all went well. */
  message?: string;
  /**
   * Tiles whose name was read as text but matches no card of the catalog. With no card found, a
   * count above zero means the catalog lacks these cards (an empty or outdated list), not a bad image.
   */
  unmatchedNames?: number;
}

export interface ReadDeckOptions {
  pool: OcrJobRunner;
  index: CatalogIndex;
}

const READ_FAILED = 'The cards in this image could not be read. Please add them by hand.';

/** Below this a tile's best match is a guess, not a reading: leave the card out. */
const MIN_CARD_CONFIDENCE = 0.6;
/**
 * What a single reading needs to be taken for a card whose name is shorter than
 * CLEAR_CARD_MIN_LENGTH: chance lands a garbled reading of a few letters on some short name at
 * 0.6-0.7 ("LAN" on Mulan, "NAYS" on Nails, "ENA" on DNA). Over 120 images made to probe it (the
 * real screenshot and generated ones at 450-800 px, JPEG q40-70, a third blurred), of the 355
 * tiles read twice or more, single readings of short names at 0.6-0.7 were right 2 times and
 * wrong 8; of long names, right once and never wrong.
 */
const MIN_SHORT_NAME_CONFIDENCE = 0.7;
/**
 * A card that garbled readings of its tile vouch for is read even below MIN_CARD_CONFIDENCE, from
 * this sure: a long name in the game's smallest font comes out of a small or blurred image as
 * broken words ("RIN VICIORA aNO ZEN ALD RT"). Two readings vouch for the card they both find: each
 * breaks the name differently, and chance does not land two of them on one card of 2,000. One
 * reading vouches for a card with a long name that fits it CLEAR_CARD_MARGIN better than any other
 * card (the runner-up is where chance lands, 0.30-0.45 on such readings; on a short name chance
 * alone makes wide margins: "Psyche" 0.22 ahead, wrong). Only readings the OCR itself doubts count:
 * a name read cleanly that fits a card at 0.5 is a name the catalog lacks ("THE HIEROPHANT (V)"
 * against the demo cards, read at OCR confidence 55-91; the garbled ones came at 4-39).
 * Over 14,600 tiles (the benchmark's tuning seeds 30-47, and 130 images scaled to 500-1400 px,
 * blurred, turned and tinted at once), the margin took 4 cards, all right, that were left out
 * before; of the 15 wrong best matches at 0.4-0.6, none was a long name 0.12 ahead from 0.5.
 */
const AGREED_CARD_CONFIDENCE = 0.5;
const CLEAR_CARD_MARGIN = 0.12;
const CLEAR_CARD_MIN_LENGTH = 16;
const GARBLED_OCR_CONFIDENCE = 50;
/** Below this the name alone is not trusted and the printed code is read too. */
const NAME_TRUSTED_CONFIDENCE = 0.8;

/**
 * Where things sit inside a card tile, as shares of the tile's size (same in every screen size,
 * since the game scales the tile as a whole). Measured on the game's share image.
 */
const TILE = {
  /** The band searched for the name's text lines: from below the rarity badge to the ability box. */
  nameSearch: { top: 0.655, bottom: 0.835 },
  /** Used when no text line is found: where a one-line name sits. */
  nameLine: { top: 0.735, bottom: 0.83 },
  /** A name's (last) line is centred about here. */
  nameCentre: 0.778,
  /** The small grey code, right-aligned above the name (higher when the name wraps). */
  code: { top: 0.62, bottom: 0.745, left: 0.52, right: 0.97 },
  /** Horizontal margins: the tile's frame. */
  inset: 0.03,
} as const;

/**
 * The lowest text line taken for a name, as a share of the tile's height: the game sets a long
 * name ("THE INFINITE GRAND HOTEL") in a smaller font, about 0.025 of the tile against 0.04.
 */
const MIN_NAME_HEIGHT = 0.02;

/** Capital height (as the line finder measures it) to scale text to; ~2x for an 800 px screen. */
const TARGET_TEXT_HEIGHT = 22;
/**
 * The most a name is scaled up: only the smallest images (400-500 px wide, names 4-6 px tall)
 * reach it. At 3.5 their names came out 14-18 px tall and 3 of 198 tuning images of the scale
 * class (seeds 1-99) lost a card; at 5, 1 did, with no new miss there or in seeds 1-3 of any class.
 */
const MAX_NAME_SCALE = 5;

function band(
  tile: Rect,
  top: number,
  bottom: number,
  left: number = TILE.inset,
  right: number = 1 - TILE.inset,
): Rect {
  return {
    left: tile.left + tile.width * left,
    top: tile.top + tile.height * top,
    width: tile.width * (right - left),
    height: tile.height * (bottom - top),
  };
}

/**
 * A line at the name's place taller than this share of the tile is the name joined to bright art
 * above it (a name is 0.03-0.05 high): on a grey screen the art is as colourless as the text.
 */
const MAX_NAME_LINE_HEIGHT = 0.09;
/**
 * Stricter whiteness from which a pixel is text, tried in turn when the name's line found at the
 * usual one is too tall: the white name stays above them, where grey art (the glow over HYPERNOVA
 * on a desaturated screen, 37 px of a 251 px tile at the usual 150) falls below.
 */
const STRICTER_NAME_LINE_THRESHOLDS = [200, 230];
/**
 * Looser whiteness from which a pixel is text, tried in turn when no name line is found at the
 * usual one. In a small image that is blurred or was turned back, a name's one-pixel strokes come
 * out grey (whiteness 100-150), and the name was read from a guessed band, as garbage. On 80
 * tuning images scaled to 480-1200 px, turned, tinted and partly blurred at once, card recall went
 * from 96.7 % to 97.9 % and precision from 99.2 % to 99.6 %; 110 and 90 after 130, or 120 alone,
 * did less.
 */
const LOOSER_NAME_LINE_THRESHOLDS = [125, 100];

/**
 * The lines of a tile's name, found at the first whiteness that leaves it no taller than a name,
 * and the whiteness the name's mask starts its ramp at: as far below that as the mask's usual start
 * is below the usual line threshold, or the grey art around the name would be ink too.
 */
function nameLines(img: RgbImage, tile: Rect): { lines: TextLine[]; inkLow: number } {
  const at = (threshold: number) => ({
    lines: nameLinesAt(img, tile, threshold),
    inkLow: INK_LOW + threshold - TEXT_LINE_THRESHOLD,
  });
  const fits = ({ lines }: { lines: TextLine[] }): boolean => {
    const last = lines[lines.length - 1];
    return !last || last.bottom - last.top <= tile.height * MAX_NAME_LINE_HEIGHT;
  };
  const usual = at(TEXT_LINE_THRESHOLD);
  if (usual.lines.length === 0) {
    for (const threshold of LOOSER_NAME_LINE_THRESHOLDS) {
      const looser = at(threshold);
      if (looser.lines.length > 0 && fits(looser)) return looser;
    }
  }
  if (fits(usual)) return usual;
  for (const threshold of STRICTER_NAME_LINE_THRESHOLDS) {
    const stricter = at(threshold);
    if (fits(stricter)) return stricter;
  }
  return usual;
}

/**
 * The lines of a tile's name at one whiteness: the text line at the name's place, plus the line
 * above it when the name wraps. A line above only counts when it looks like the same text: similar
 * height, close by, centred (the PROTECTED label is left-aligned, the code right-aligned and smaller).
 */
function nameLinesAt(img: RgbImage, tile: Rect, threshold: number): TextLine[] {
  const search = band(tile, TILE.nameSearch.top, TILE.nameSearch.bottom);
  const tileCentre = tile.left + tile.width / 2;
  const lines = findTextLines(img, search, threshold)
    .filter((l) => l.bottom - l.top >= tile.height * MIN_NAME_HEIGHT)
    .map((l) => centredSpan(img, l, tileCentre, (l.bottom - l.top) * 1.2, threshold));
  const centre = tile.top + tile.height * TILE.nameCentre;
  const lastIndex = lines.findIndex((l) => l.top <= centre && l.bottom >= centre);
  if (lastIndex < 0) return [];
  const last = lines[lastIndex];
  const above = lines[lastIndex - 1];
  const height = last.bottom - last.top;
  const isCentred = (l: TextLine): boolean =>
    Math.abs((l.left + l.right) / 2 - tileCentre) < tile.width * 0.1 && l.middleCoverage > 0.3;
  if (
    above &&
    last.top - above.bottom <= height * 0.8 &&
    // Brackets and descenders make a line taller than its capitals: "HASTINGS (1066)" under "BATTLE OF".
    above.bottom - above.top >= height * 0.55 &&
    above.bottom - above.top <= height * 1.4 &&
    isCentred(above) &&
    // The rarity badge above a one-line name is centred too, but far narrower than a word.
    above.right - above.left >= tile.width * 0.2
  ) {
    return [above, last];
  }
  return [last];
}

/** Where a tile's name is read: around the lines found (or at a one-line name's place), and at what scale. */
interface NamePlace {
  lines: TextLine[];
  /** Whiteness at which the name's mask starts to be ink. */
  inkLow: number;
  region: Rect;
  lineHeight: number;
  scale: number;
}

function namePlace(img: RgbImage, tile: Rect): NamePlace {
  const { lines, inkLow } = nameLines(img, tile);
  return placeAround(tile, lines, inkLow);
}

function placeAround(tile: Rect, lines: TextLine[], inkLow: number): NamePlace {
  const pad = tile.height * 0.02;
  // Only the text's own width is read: tesseract's time grows with the pixels it is given, and a
  // short name is a third of the tile's width.
  const textLeft = Math.min(...lines.map((l) => l.left)) - 2 * pad;
  const textRight = Math.max(...lines.map((l) => l.right)) + 2 * pad;
  const region =
    lines.length > 0
      ? {
          left: textLeft,
          width: textRight - textLeft,
          top: lines[0].top - pad,
          height: lines[lines.length - 1].bottom - lines[0].top + 2 * pad,
        }
      : band(tile, TILE.nameLine.top, TILE.nameLine.bottom);
  // No line found: read as if the name were in the game's smallest (long-name) font.
  const lineHeight =
    lines.length > 0
      ? lines[lines.length - 1].bottom - lines[lines.length - 1].top
      : tile.height * MIN_NAME_HEIGHT * 1.2;
  const scale = Math.min(MAX_NAME_SCALE, Math.max(1.5, TARGET_TEXT_HEIGHT / lineHeight));
  return { lines, inkLow, region, lineHeight, scale };
}

function nameJob(img: RgbImage, { lines, inkLow, region, scale }: NamePlace): OcrJob {
  const image = whiteTextImage(img, region, { scale, inkLow });
  return { image, mode: lines.length > 1 ? 'block' : 'line' };
}

/**
 * A second look at a name read poorly. Blur, a dim or a grey screen make white text faint: the
 * line finder then cuts a name short at a wide-looking gap ("THE FOOL" of "THE FOOL (XXII)") or
 * misses the first line of a name that wraps, and the mask's ink comes out grey. So the name's
 * place is read again across the tile's whole width, once as found and once a line higher, with
 * the contrast stretched so the faintest text is black.
 */
function secondNameJobs(img: RgbImage, tile: Rect, { lines, inkLow, region, lineHeight, scale }: NamePlace): OcrJob[] {
  const inner = band(tile, 0, 1);
  const wide = { ...region, left: inner.left, width: inner.width };
  const oneLineMore = lineHeight * 1.6;
  const higher = { ...wide, top: wide.top - oneLineMore, height: wide.height + oneLineMore };
  const big = Math.min(6, scale * 1.5);
  return [
    {
      image: whiteTextImage(img, wide, { scale: big, stretch: true, inkLow }),
      mode: lines.length > 1 ? 'block' : 'line',
    },
    { image: whiteTextImage(img, higher, { scale: big, stretch: true, inkLow }), mode: 'block' },
    { image: greyTextImage(img, wide, { scale: big }), mode: lines.length > 1 ? 'block' : 'line' },
    // A name found only at a looser whiteness (its mask starts below the usual INK_LOW) is also
    // looked at where the usual one would have guessed it: at 500 px the smallest font read better
    // there ("PUTIN CTOMA AND PICT ALSERT", Queen Victoria and Prince Albert 0.59 ahead of 0.34)
    // than around the looser line (0.49).
    ...(inkLow < INK_LOW ? secondNameJobs(img, tile, placeAround(tile, [], INK_LOW)) : []),
  ];
}

/**
 * The code is small and faint, over art: it is read twice, as grey levels and as a pale-text
 * mask; each reading alone finds the code about half the time, together about three in four.
 */
function codeCrops(img: RgbImage, tile: Rect): OcrJob[] {
  const region = band(tile, TILE.code.top, TILE.code.bottom, TILE.code.left, TILE.code.right);
  const scale = Math.min(6, Math.max(2, (TARGET_TEXT_HEIGHT * 1.1) / (tile.height * 0.035)));
  return [
    { image: greyTextImage(img, region, { scale }), mode: 'block', whitelist: CODE_CHARACTERS },
    { image: whiteTextImage(img, region, { scale, inkLow: 30 }), mode: 'block', whitelist: CODE_CHARACTERS },
  ];
}

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
 * Page whiteness from which a header's colour contrast map is trusted over its whiteness mask (its
 * read is the base the other views vote on, `readDeckCode`): its pale blue text
 * (#b9cde6) is 162 white, and a page near that hides it from the whiteness mask, which still sees
 * pieces of it and misreads them ("ALIDHD" for A1J0HD on a light page).
 */
const LIGHT_PAGE_WHITENESS = 150;
/**
 * Page brightness from which the same holds: the text (202 bright) differs from such a page more in
 * colour than in brightness, and JPEG keeps colour at half resolution, so the whiteness mask draws
 * its strokes blurred (an 8's waist filled in, read as B, on a yellow page: other background tuning
 * seeds 93 and 188). The contrast map draws them from brightness, kept at full resolution. On darker
 * pages (the share image's blue is 113) the mask reads better: with the map first on every page, 7
 * codes of the first 290 other-background tuning images were lost and 1 mended (when the map was
 * read only where the mask failed).
 */
const BRIGHT_PAGE_BRIGHTNESS = 160;

/**
 * How hard the header's second view is sharpened. On bench tuning seeds 300-399 (scale, warm + dim
 * + blur, other background; 600 images), the whiteness mask sharpened by 1.5 read the warm, dim
 * and blurred codes best alone (197 of 200 against 193) but the other two classes worse. As a
 * voice beside the mask and the map, codes exact went 579 -> 587 of those 600, and 1,122 -> 1,123
 * of 1,133 images of every class at seeds 400-429 (7 headers mended, one whose S the map and the
 * sharpened mask both read as 5 lost, in six classes). Measured with the map read second and the
 * sharpened copy third: the majority of the same three reads, the same codes.
 */
const SHARPEN_AMOUNT = 1.5;

/** A header lower than this share of a tile holds no text line: the image was cropped below it. */
const MIN_HEADER_SHARE = 0.12;

function isAmbiguous(result: MatchResult, index: CatalogIndex): boolean {
  const best = result.best;
  if (!best || best.confidence < NAME_TRUSTED_CONFIDENCE) return true;
  // A name that is part of a longer one ("RAINBOW" of "RAINBOW SERPENT") may be that name cut
  // short where a dim, blurred line broke at its word gap: the second look reads the tile's width.
  if (index.isInsideLongerName(best.name)) return true;
  // Another card fits the read name as well: only the code can tell which one it is.
  return result.alternatives.some((a) => a.confidence >= best.confidence - 0.02);
}

/**
 * A trusted reading of a longer name that holds the shorter one of another reading wins when it
 * fits this nearly as well. Further behind, it is the short name with other text read into the
 * line: "FROTECTED BIRD OF PARADISE" fits Greater Bird-of-Paradise at 0.81.
 */
const NESTED_NAME_MARGIN = 0.1;

/**
 * Of two readings of one tile, the one whose card fits better; but of two trusted readings whose
 * names nest, the longer name if it fits nearly as well: the shorter one is what is left of it
 * when a reading lost a word.
 */
function betterReading(a: MatchResult, b: MatchResult): MatchResult {
  const [x, y] = [a.best, b.best];
  if (!x || !y) return x ? a : b;
  if (Math.min(x.confidence, y.confidence) >= NAME_TRUSTED_CONFIDENCE) {
    if (CatalogIndex.nests(x.name, y.name) && y.confidence >= x.confidence - NESTED_NAME_MARGIN) return b;
    if (CatalogIndex.nests(y.name, x.name) && x.confidence >= y.confidence - NESTED_NAME_MARGIN) return a;
  }
  return y.confidence > x.confidence ? b : a;
}

/** The confidence a tile's best match needs to be read: less when its readings vouch for it, more for a short name. */
function neededConfidence(best: CardMatch, agreed?: string): number {
  if (best.code === agreed) return AGREED_CARD_CONFIDENCE;
  return best.name.length < CLEAR_CARD_MIN_LENGTH ? MIN_SHORT_NAME_CONFIDENCE : MIN_CARD_CONFIDENCE;
}

/** The card read, or null for a guess; `agreed` is the card several readings of the tile agree on. */
function toReadCard(result: MatchResult, agreed?: string): ReadCard | null {
  const best = result.best;
  if (!best || best.confidence < neededConfidence(best, agreed)) return null;
  return {
    code: best.code,
    name: best.name,
    confidence: round(best.confidence),
    alternatives: result.alternatives.map((a) => ({ ...a, confidence: round(a.confidence) })),
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * A deck holds a card at most once: when two readings land on the same card, the weaker one
 * falls back to its best alternative not yet in the deck.
 */
function distinctCards(results: MatchResult[]): MatchResult[] {
  const order = results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (b.r.best?.confidence ?? 0) - (a.r.best?.confidence ?? 0));
  const used = new Set<string>();
  const chosen: MatchResult[] = new Array<MatchResult>(results.length);
  for (const { r, i } of order) {
    const options = [r.best, ...r.alternatives].filter((m): m is CardMatch => m !== null);
    const pick = options.find((m) => !used.has(m.code));
    if (pick) used.add(pick.code);
    chosen[i] = { best: pick ?? null, alternatives: options.filter((m) => m !== pick).slice(0, 5) };
  }
  return chosen;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The card a tile's garbled readings vouch for (AGREED_CARD_CONFIDENCE): the one at least two of
 * them find, or the one a reading finds CLEAR_CARD_MARGIN ahead of any other card.
 */
function agreedCard(readings: MatchResult[], ocrConfidences: number[]): string | undefined {
  const garbled = readings.flatMap(({ best, alternatives }, i) =>
    best && best.confidence >= AGREED_CARD_CONFIDENCE && ocrConfidences[i] < GARBLED_OCR_CONFIDENCE
      ? [{ best, runnerUp: alternatives[0]?.confidence ?? 0 }]
      : [],
  );
  const codes = garbled.map(({ best }) => best.code);
  const foundTwice = codes.find((code, i) => codes.indexOf(code) !== i);
  const clear = garbled.find(
    ({ best, runnerUp }) =>
      best.name.length >= CLEAR_CARD_MIN_LENGTH && best.confidence - runnerUp >= CLEAR_CARD_MARGIN,
  );
  return foundTwice ?? clear?.best.code;
}

/**
 * The card of each tile: by name, and where the name is ambiguous or poorly read, by its printed
 * code and a second look at the name too (the reading that fits a card best is kept, and the card
 * two readings agree on is noted in `agreed`).
 */
async function matchTiles(
  img: RgbImage,
  tiles: Rect[],
  places: NamePlace[],
  nameResults: OcrResult[],
  { pool, index }: ReadDeckOptions,
) {
  const nameTexts = nameResults.map((r) => oneLine(r.text));
  const matches = nameTexts.map((text) => index.match({ nameText: text }));
  const unsure = matches.map((m, i) => (isAmbiguous(m, index) ? i : -1)).filter((i) => i >= 0);
  const agreed: Array<string | undefined> = matches.map(() => undefined);
  if (unsure.length > 0) {
    const jobs = unsure.map((i) => [...codeCrops(img, tiles[i]), ...secondNameJobs(img, tiles[i], places[i])]);
    const results = await pool.recognizeAll(jobs.flat());
    let at = 0;
    unsure.forEach((tileIndex, k) => {
      const [grey, pale, ...secondNames] = results.slice(at, (at += jobs[k].length));
      const codeText = `${grey.text}\n${pale.text}`;
      const readings = [nameTexts[tileIndex], ...secondNames.map((r) => oneLine(r.text))].map((nameText) =>
        index.match({ nameText, codeText }),
      );
      matches[tileIndex] = readings.reduce(betterReading);
      agreed[tileIndex] = agreedCard(
        readings,
        [nameResults[tileIndex], ...secondNames].map((r) => r.confidence),
      );
    });
  }
  return { matches: distinctCards(matches), agreed };
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
 * disagree on the other views too, character by character the majority (`agreedCode`). The views
 * are the whiteness mask and the colour contrast map, where the text is white whatever its page:
 * a light page hides pale text from the mask, so there the map is trusted. Where the mask finds no
 * code there (pale blue on a beige page), the third voice is the map drawn without smoothing faint
 * text, whose strokes mislead the line model on other glyphs than the smoothed map's. Maps are only
 * drawn when needed: one costs 50-350 ms of the reader thread, the sharpened copy 5-40 ms.
 */
async function readDeckCode(img: RgbImage, grid: TileGrid, pool: OcrJobRunner): Promise<string | null> {
  const tileHeight = grid.tiles[0].height;
  if (grid.top < tileHeight * MIN_HEADER_SHARE) return null;
  const header = headerRegion(grid.tiles, grid.columns, grid.top);
  const wholeHeader = { left: 0, top: 0, width: img.width, height: grid.top };
  const lightPage =
    medianWhiteness(img, header) >= LIGHT_PAGE_WHITENESS || medianBrightness(img, header) >= BRIGHT_PAGE_BRIGHTNESS;
  const map = () => colourContrastMap(img, wholeHeader);
  const unsmoothedMap = () => colourContrastMap(img, wholeHeader, { smoothFaintText: false });
  const [trusted, ...others] = lightPage ? [map(), () => img, unsmoothedMap] : [img, map];
  const readOn = (view: RgbImage) => readCodeOn(view, header, wholeHeader, tileHeight, pool);
  const reads = await Promise.all([readOn(trusted), readOn(sharpenedRegion(trusted, wholeHeader, SHARPEN_AMOUNT))]);
  if (nothingToSettle(reads[0], reads[1])) return agreedCode(reads);
  for (const other of others) {
    const third = await readOn(other());
    if (third) return agreedCode([...reads, third]);
  }
  return agreedCode(reads);
}

async function readTiles(
  img: RgbImage,
  grid: TileGrid,
  options: ReadDeckOptions,
): Promise<{ deck_code: string | null; cards: ReadCard[]; unmatchedNames: number }> {
  const { pool } = options;
  const tiles = grid.tiles.slice(0, DECK_SIZE);
  const places = tiles.map((tile) => namePlace(img, tile));
  const nameJobs = places.map((place) => nameJob(img, place));
  // Header and names side by side, so both workers stay busy until the last crop.
  const [deckCode, { nameResults, matches, agreed }] = await Promise.all([
    readDeckCode(img, grid, pool),
    pool
      .recognizeAll(nameJobs)
      .then(async (nameResults) => ({ nameResults, ...(await matchTiles(img, tiles, places, nameResults, options)) })),
  ]);
  const read = matches.map((match, i) => toReadCard(match, agreed[i]));
  const unmatchedNames = read.filter((card, i) => card === null && looksLikeName(nameResults[i].text)).length;
  return { deck_code: deckCode, cards: read.filter((c): c is ReadCard => c !== null), unmatchedNames };
}

/** Text with three letters or more: a name the catalog should know, not a crop of art. */
function looksLikeName(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) >= 3;
}

/** The image with colours normalised and rotation undone, and its tile grid (null when none). */
async function locate(decoded: RgbImage): Promise<{ img: RgbImage; grid: TileGrid | null }> {
  let img = decoded;
  normaliseColour(img);
  let edges = edgeMaps(await analysisCopy(img), img.width);
  const angle = estimateRotation(edges);
  if (Math.abs(angle) >= MIN_CORRECTED_ANGLE) {
    img = await unrotate(img, angle);
    edges = edgeMaps(await analysisCopy(img), img.width);
  }
  return { img, grid: findTiles(edges) };
}

/**
 * Reads a decoded image: tile by tile when a grid of a whole deck is found; otherwise also the
 * text anywhere in it, so a crop or an unknown layout is never read worse than as plain text.
 */
async function readPixels(decoded: RgbImage, options: ReadDeckOptions): Promise<DeckReading> {
  const { img, grid } = await locate(decoded);
  const fromGrid = grid && grid.tiles.length > 0 ? await readTiles(img, grid, options) : null;
  if (fromGrid && grid && grid.tiles.length >= DECK_SIZE) return { ...fromGrid, path: 'grid' };
  const text = await readTextAnywhere(img, options);
  const fromText = {
    deck_code: text.deck_code,
    cards: distinctCards(text.found)
      .map((match) => toReadCard(match))
      .filter((c): c is ReadCard => c !== null),
  };
  const seen = new Set(fromGrid?.cards.map((c) => c.code));
  const extra = fromText.cards.filter((c) => !seen.has(c.code) && !fromGrid?.cards.some((g) => g.name === c.name));
  const cards = [...(fromGrid?.cards ?? []), ...extra].slice(0, DECK_SIZE);
  return {
    deck_code: fromGrid?.deck_code ?? fromText.deck_code,
    cards,
    path: extra.length > 0 || !fromGrid ? 'text' : 'grid',
    ...(cards.length < DECK_SIZE
      ? { message: `Found ${cards.length} of ${DECK_SIZE} cards: please check the list.` }
      : {}),
  };
}

/**
 * Errors the caller answers itself: a file that is no image, a busy reader, a read past its time
 * (or given up after it, when nobody waits for the answer any more). Any other is the reader's own
 * failure, logged and answered with a message.
 */
function isPassedOn(error: unknown): boolean {
  return (
    error instanceof OcrBusyError ||
    error instanceof OcrTimeoutError ||
    error instanceof OcrCancelledError ||
    error instanceof OcrImageError
  );
}

/**
 * Reads the deck in an uploaded image, in the calling thread. Rejects with `OcrImageError` for a
 * file that is not a readable image and `OcrBusyError` / `OcrTimeoutError` from the pool; any other
 * failure is an answer with no cards and a message, logged with the image's size and format.
 */
export async function readDeckInThisThread(buffer: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
  const img = await decodeImage(buffer);
  if (img.tooSmall) return { deck_code: null, cards: [], path: 'none', message: img.tooSmall };
  try {
    return await readPixels(img, options);
  } catch (error) {
    if (isPassedOn(error)) throw error;
    console.error(`deck reader failed on a ${img.sourceWidth}x${img.sourceHeight} ${img.format} image:`, error);
    return { deck_code: null, cards: [], path: 'none', message: READ_FAILED };
  }
}

/**
 * Reads the deck in an uploaded image, in a reader thread (the event loop stays free). Rejects with
 * `OcrImageError` for a file that is not a readable image and `OcrBusyError` / `OcrTimeoutError`
 * from the pool; any other failure, even of the thread, is an answer with a message.
 */
export async function readDeckImage(buffer: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
  try {
    return await readInReaderThread(buffer, options);
  } catch (error) {
    if (isPassedOn(error)) throw error;
    console.error(`deck reader thread failed on a ${buffer.length}-byte upload:`, error);
    return { deck_code: null, cards: [], path: 'none', message: READ_FAILED };
  }
}
