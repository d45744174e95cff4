/**
 * Finds the card tiles of a CUE "share deck" image from its pixels.
 *
 * The share image puts dark-framed card tiles on a blue page, separated by thin blue gutters. So
 * instead of hard-coding coordinates for one screen size, we classify every pixel as "page blue" or
 * not, cut the image into horizontal bands at rows that are almost all page, and cut each band into
 * tiles at columns that are almost all page. The grid is the run of bands whose tiles line up with the
 * fullest band's columns; the header (avatar boxes, texts) and the stat panels do not line up.
 */

/** A rectangle in image pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Decoded RGB pixels, 3 bytes per pixel, row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface TileGrid {
  /** Tiles in reading order (row by row, left to right). */
  tiles: Rect[];
  /** Number of tile columns in the grid. */
  columns: number;
  /** First row of the grid: everything above it is the header. */
  top: number;
}

/** A row is a gutter when less than this share of it is not page blue (tiles fill ~90%). */
const GUTTER_ROW_MAX_FILL = 0.15;
/**
 * Inside a band, a column is a gutter when less than this share of it is not page blue. Only the
 * gutters are pure page: a tile with blue sky art still has its frame, name band and ability box.
 */
const GUTTER_COLUMN_MAX_FILL = 0.15;
/** Card tiles are portrait: height / width of the tiles seen in the game is ~1.4. */
const TILE_ASPECT_MIN = 1.15;
const TILE_ASPECT_MAX = 1.75;
/** A tile is at least this share of the image width (4 columns of ~23% in the game). */
const TILE_MIN_WIDTH_SHARE = 0.12;

/**
 * The blue of the share image's page: strongly blue, little red. Card art can be blue too, which is
 * why tiles are found from whole-row and whole-column shares rather than pixel by pixel.
 */
function isPageBlue(r: number, g: number, b: number): boolean {
  return b > 100 && b - r > 70 && b > g + 20 && r < 120;
}

/** Runs of indexes where `keep` holds, at least `minLength` long. */
function runs(length: number, keep: (i: number) => boolean, minLength: number): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= length; i++) {
    const inside = i < length && keep(i);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      if (i - start >= minLength) found.push([start, i]);
      start = -1;
    }
  }
  return found;
}

interface Band {
  top: number;
  bottom: number;
  /** Column ranges [left, right) of tile-shaped blocks in this band. */
  blocks: Array<[number, number]>;
}

export function findBands(img: RgbImage, pageMask: Uint8Array): Band[] {
  const { width, height } = img;
  const rowFill = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let filled = 0;
    for (let x = 0; x < width; x++) filled += 1 - pageMask[y * width + x];
    rowFill[y] = filled / width;
  }
  const minTile = Math.round(width * TILE_MIN_WIDTH_SHARE);
  return runs(height, (y) => rowFill[y] >= GUTTER_ROW_MAX_FILL, minTile).map(([top, bottom]) => {
    const bandHeight = bottom - top;
    const columnFill = (x: number): number => {
      let filled = 0;
      for (let y = top; y < bottom; y++) filled += 1 - pageMask[y * width + x];
      return filled / bandHeight;
    };
    const fills = Array.from({ length: width }, (_, x) => columnFill(x));
    const blocks = runs(width, (x) => fills[x] >= GUTTER_COLUMN_MAX_FILL, minTile).filter(([l, r]) => {
      const aspect = bandHeight / (r - l);
      return aspect >= TILE_ASPECT_MIN && aspect <= TILE_ASPECT_MAX;
    });
    return { top, bottom, blocks };
  });
}

/** Index of the reference column a block lines up with, or -1. */
function columnOf(block: [number, number], reference: Array<[number, number]>): number {
  const tolerance = (reference[0][1] - reference[0][0]) * 0.2;
  const centre = (block[0] + block[1]) / 2;
  return reference.findIndex(([l, r]) => Math.abs((l + r) / 2 - centre) <= tolerance);
}

/** Whether the band's blocks are exactly the first k reference columns, in order. */
function fillsLeadingColumns(band: Band, reference: Array<[number, number]>): boolean {
  return band.blocks.length > 0 && band.blocks.every((block, i) => columnOf(block, reference) === i);
}

export function pageMaskOf(img: RgbImage): Uint8Array {
  const mask = new Uint8Array(img.width * img.height);
  for (let p = 0, i = 0; p < mask.length; p++, i += 3) {
    mask[p] = isPageBlue(img.data[i], img.data[i + 1], img.data[i + 2]) ? 1 : 0;
  }
  return mask;
}

/** Share of a tile's lower part (name band, ability box) that is not page blue: art never reaches there. */
function lowerFill(pageMask: Uint8Array, width: number, rect: Rect): number {
  const top = Math.round(rect.top + rect.height * 0.72);
  const bottom = Math.round(rect.top + rect.height * 0.96);
  const left = Math.round(rect.left + rect.width * 0.08);
  const right = Math.round(rect.left + rect.width * 0.92);
  let filled = 0;
  for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) filled += 1 - pageMask[y * width + x];
  return filled / Math.max(1, (bottom - top) * (right - left));
}

/** A tile's lower part is its dark name band and coloured ability box: nearly no page blue. */
const TILE_LOWER_MIN_FILL = 0.6;

/**
 * The tile grid of a share image, or null when the image does not look like one (then the caller
 * reads the whole image instead).
 *
 * Bands give the columns and the tile size, but a band can be cut in two where blue art in every
 * tile of a row looks like page. So rows are then stepped at the grid's pitch from the first full
 * band, up and down, and a tile is accepted where its lower part (never art) is there.
 */
export function findTileGrid(img: RgbImage): TileGrid | null {
  const pageMask = pageMaskOf(img);
  const bands = findBands(img, pageMask);
  const fullest = bands.reduce<Band | null>((best, b) => (!best || b.blocks.length > best.blocks.length ? b : best), null);
  if (!fullest || fullest.blocks.length < 2) return null;
  const reference = fullest.blocks;
  const tileHeight = fullest.bottom - fullest.top;
  const full = bands.filter(
    (b) => b.blocks.length === reference.length && Math.abs(b.bottom - b.top - tileHeight) <= tileHeight * 0.12 && fillsLeadingColumns(b, reference),
  );
  /**
   * Bands of a whole tile's height. A band whose tiles all have page-blue art at the top starts
   * lower than the tiles do: such bands neither set the row pitch nor take a stepped row (`snap`).
   */
  const wholeBands = bands.filter((b) => Math.abs(b.bottom - b.top - tileHeight) <= tileHeight * 0.02);
  const wholeRows = wholeBands.filter((b) => full.includes(b));
  // Rows are as far apart as columns, give or take: the gutters are the same both ways.
  const columnPitch = (reference[reference.length - 1][0] - reference[0][0]) / (reference.length - 1);
  const estimatedPitch = tileHeight + columnPitch - (reference[0][1] - reference[0][0]);
  // Whole rows may be rows apart (a cut band between them): each gap counts as that many pitches.
  const pitches = wholeRows
    .slice(1)
    .map((b, i) => {
      const gap = b.top - wholeRows[i].top;
      return gap / Math.max(1, Math.round(gap / estimatedPitch));
    })
    .filter((d) => d > tileHeight && d < tileHeight * 1.3);
  const rowPitch = pitches.length > 0 ? pitches.sort((a, b) => a - b)[Math.floor(pitches.length / 2)] : estimatedPitch;

  const tileAt = (top: number, [left, right]: [number, number]): Rect => ({ left, top, width: right - left, height: tileHeight });
  const fits = (top: number): boolean => top >= 0 && top + tileHeight <= img.height + 2;
  const isTile = (rect: Rect): boolean => lowerFill(pageMask, img.width, { ...rect, height: Math.min(rect.height, img.height - rect.top) }) >= TILE_LOWER_MIN_FILL;
  /** Snaps a stepped row top onto a whole band's top nearby, so small pitch errors do not add up. */
  const snap = (top: number): number => wholeBands.find((b) => Math.abs(b.top - top) <= rowPitch * 0.06)?.top ?? Math.round(top);

  let firstTop = full[0]?.top ?? fullest.top;
  // Rows above the first full band (its art may have merged it with the header): full rows only.
  while (fits(firstTop - rowPitch) && reference.every((col) => isTile(tileAt(snap(firstTop - rowPitch), col)))) {
    firstTop = snap(firstTop - rowPitch);
  }
  const tiles: Rect[] = [];
  for (let top = firstTop; fits(top); top = snap(top + rowPitch)) {
    const row: Rect[] = [];
    for (const col of reference) {
      const rect = tileAt(top, col);
      if (!isTile(rect)) break;
      row.push(rect);
    }
    tiles.push(...row);
    // Only the last row may be partial (18 = 4+4+4+4+2).
    if (row.length < reference.length) break;
  }
  return tiles.length > 0 ? { tiles, columns: reference.length, top: firstTop } : null;
}
