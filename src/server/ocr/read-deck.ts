/**
 * Reads a CUE "share deck" image: the deck code from the header and up to 18 cards from the tiles.
 *
 * With a tile grid found, each tile's name band is read on its own (one short line, the reader's
 * best case) and the header is read for "DECK CODE: ...". Tiles whose name is ambiguous (two cards
 * share it) or poorly read get a second look at their small printed code. Without a grid (a crop,
 * a different layout), the whole image is read and card names are searched in its lines.
 */
import type { CardMatch, CatalogIndex, MatchResult } from './catalog-index';
import { DECK_SIZE } from '../../common/game';
import { CODE_CHARACTERS, parseDeckCode } from './deck-code';
import { planDeckCode, wholeHeaderPlan } from './deck-code-reader';
import { decodeImage } from './image-input';
import { findTextLines, greyTextImage, whiteTextImage, type TextLine } from './text-crops';
import { findTileGrid, type Rect, type RgbImage } from './tile-grid';
import type { OcrJob, OcrPool, OcrResult } from './worker-pool';

export interface ReadCard {
  code: string;
  name: string;
  confidence: number;
  alternatives: CardMatch[];
}

export interface DeckReading {
  deck_code: string | null;
  cards: ReadCard[];
}

export interface ReadDeckOptions {
  pool: OcrPool;
  index: CatalogIndex;
}

/** Below this a tile's best match is a guess, not a reading: leave the card out. */
const MIN_CARD_CONFIDENCE = 0.6;
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

/** Capital height (as the line finder measures it) to scale text to; ~2x for an 800 px screen. */
const TARGET_TEXT_HEIGHT = 22;

function band(tile: Rect, top: number, bottom: number, left: number = TILE.inset, right: number = 1 - TILE.inset): Rect {
  return {
    left: tile.left + tile.width * left,
    top: tile.top + tile.height * top,
    width: tile.width * (right - left),
    height: tile.height * (bottom - top),
  };
}

/**
 * The lines of a tile's name: the text line at the name's place, plus the line above it when the
 * name wraps. A line above only counts when it looks like the same text: similar height, close
 * by, centred (the PROTECTED label is left-aligned, the code right-aligned and smaller).
 */
function nameLines(img: RgbImage, tile: Rect): TextLine[] {
  const search = band(tile, TILE.nameSearch.top, TILE.nameSearch.bottom);
  const lines = findTextLines(img, search).filter((l) => l.bottom - l.top >= tile.height * 0.025);
  const centre = tile.top + tile.height * TILE.nameCentre;
  const lastIndex = lines.findIndex((l) => l.top <= centre && l.bottom >= centre);
  if (lastIndex < 0) return [];
  const last = lines[lastIndex];
  const above = lines[lastIndex - 1];
  const height = last.bottom - last.top;
  const tileCentre = tile.left + tile.width / 2;
  const isCentred = (l: TextLine): boolean => Math.abs((l.left + l.right) / 2 - tileCentre) < tile.width * 0.1 && l.middleCoverage > 0.3;
  if (
    above &&
    last.top - above.bottom <= height * 0.8 &&
    // Brackets and descenders make a line taller than its capitals: "HASTINGS (1066)" under "BATTLE OF".
    above.bottom - above.top >= height * 0.55 &&
    above.bottom - above.top <= height * 1.4 &&
    isCentred(above)
  ) {
    return [above, last];
  }
  return [last];
}

async function nameJob(img: RgbImage, tile: Rect): Promise<OcrJob> {
  const lines = nameLines(img, tile);
  const pad = tile.height * 0.02;
  const region =
    lines.length > 0
      ? { ...band(tile, 0, 1), top: lines[0].top - pad, height: lines[lines.length - 1].bottom - lines[0].top + 2 * pad }
      : band(tile, TILE.nameLine.top, TILE.nameLine.bottom);
  const lineHeight = lines.length > 0 ? lines[lines.length - 1].bottom - lines[lines.length - 1].top : tile.height * 0.055;
  const scale = Math.min(3.5, Math.max(1.5, TARGET_TEXT_HEIGHT / lineHeight));
  const image = await whiteTextImage(img, region, { scale });
  return { image, mode: lines.length > 1 ? 'block' : 'line' };
}

/**
 * The code is small and faint, over art: it is read twice, as grey levels and as a pale-text
 * mask; each reading alone finds the code about half the time, together about three in four.
 */
async function codeCrops(img: RgbImage, tile: Rect): Promise<OcrJob[]> {
  const region = band(tile, TILE.code.top, TILE.code.bottom, TILE.code.left, TILE.code.right);
  const scale = Math.min(6, Math.max(2, (TARGET_TEXT_HEIGHT * 1.1) / (tile.height * 0.035)));
  const [grey, pale] = await Promise.all([greyTextImage(img, region, { scale }), whiteTextImage(img, region, { scale, inkLow: 30 })]);
  return [
    { image: grey, mode: 'block', whitelist: CODE_CHARACTERS },
    { image: pale, mode: 'block', whitelist: CODE_CHARACTERS },
  ];
}

/** The header strip to read for the deck code: above the grid, between the avatar boxes. */
function headerRegion(img: RgbImage, tiles: Rect[], columns: number, gridTop: number): Rect {
  const hasSideBoxes = columns >= 3;
  const left = hasSideBoxes ? tiles[1].left : 0;
  const right = hasSideBoxes ? tiles[columns - 1].left : img.width;
  return { left, top: 0, width: right - left, height: gridTop };
}

function isAmbiguous(result: MatchResult): boolean {
  const best = result.best;
  if (!best || best.confidence < NAME_TRUSTED_CONFIDENCE) return true;
  // Another card fits the read name as well: only the code can tell which one it is.
  return result.alternatives.some((a) => a.confidence >= best.confidence - 0.02);
}

function toReadCard(result: MatchResult): ReadCard | null {
  const best = result.best;
  if (!best || best.confidence < MIN_CARD_CONFIDENCE) return null;
  return { code: best.code, name: best.name, confidence: round(best.confidence), alternatives: result.alternatives.map((a) => ({ ...a, confidence: round(a.confidence) })) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * A deck holds a card at most once: when two readings land on the same card, the weaker one
 * falls back to its best alternative not yet in the deck.
 */
function distinctCards(results: MatchResult[]): MatchResult[] {
  const order = results.map((r, i) => ({ r, i })).sort((a, b) => (b.r.best?.confidence ?? 0) - (a.r.best?.confidence ?? 0));
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

/** The card of each tile: by name, and by the printed code too where the name is ambiguous. */
async function matchTiles(img: RgbImage, tiles: Rect[], nameResults: OcrResult[], { pool, index }: ReadDeckOptions) {
  const nameTexts = nameResults.map((r) => r.text.replace(/\s+/g, ' ').trim());
  const matches = nameTexts.map((text) => index.match({ nameText: text }));
  const unsure = matches.map((m, i) => (isAmbiguous(m) ? i : -1)).filter((i) => i >= 0);
  if (unsure.length > 0) {
    const codeJobs = await Promise.all(unsure.map((i) => codeCrops(img, tiles[i])));
    const codeResults = await pool.recognizeAll(codeJobs.flat());
    unsure.forEach((tileIndex, k) => {
      const codeText = `${codeResults[2 * k].text}\n${codeResults[2 * k + 1].text}`;
      matches[tileIndex] = index.match({ nameText: nameTexts[tileIndex], codeText });
    });
  }
  return distinctCards(matches);
}

async function readTiles(img: RgbImage, grid: NonNullable<ReturnType<typeof findTileGrid>>, options: ReadDeckOptions): Promise<DeckReading> {
  const { pool } = options;
  const tiles = grid.tiles.slice(0, DECK_SIZE);
  const header = headerRegion(img, grid.tiles, grid.columns, grid.top);
  const deckCodePlan = await planDeckCode(img, header, tiles[0].height);
  const nameJobs = await Promise.all(tiles.map((tile) => nameJob(img, tile)));
  // One batch for header and names, so both workers stay busy until the last crop.
  const [headerResult, ...nameResults] = await pool.recognizeAll([deckCodePlan.job, ...nameJobs]);
  // Side by side: the deck code's second looks and the unsure names' codes share the workers.
  const [codeFromLine, matches] = await Promise.all([deckCodePlan.decide(headerResult, pool), matchTiles(img, tiles, nameResults, options)]);
  let deckCode = codeFromLine;
  if (deckCode === null && header.height > 0 && !deckCodePlan.wholeHeader) {
    // The line finder may have picked art, or the layout differs: read the whole header once more.
    const whole = await wholeHeaderPlan(img, header);
    deckCode = await whole.decide((await pool.recognizeAll([whole.job]))[0], pool);
  }
  return {
    deck_code: deckCode,
    cards: matches.map(toReadCard).filter((c): c is ReadCard => c !== null),
  };
}

async function readWholeImage(img: RgbImage, { pool, index }: ReadDeckOptions): Promise<DeckReading> {
  const scale = Math.min(2, 1600 / img.width);
  const image = await whiteTextImage(img, { left: 0, top: 0, width: img.width, height: img.height }, { scale });
  const [result] = await pool.recognizeAll([{ image, mode: 'auto' }]);
  const found = result.text.split('\n').flatMap((line) => index.findNamesInText(line));
  const cards = distinctCards(found)
    .map(toReadCard)
    .filter((c): c is ReadCard => c !== null);
  return { deck_code: parseDeckCode(result.text), cards: cards.slice(0, DECK_SIZE) };
}

/**
 * Reads the deck in an uploaded image. Rejects with `OcrImageError` for a file that is not a
 * readable image, `OcrBusyError` / `OcrTimeoutError` from the pool.
 */
export async function readDeckImage(buffer: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
  const img = await decodeImage(buffer);
  const grid = findTileGrid(img);
  if (grid && grid.tiles.length > 0) return readTiles(img, grid, options);
  return readWholeImage(img, options);
}
