/**
 * Finds the card tiles of a CUE "share deck" image from its pixels.
 *
 * The share image puts dark-framed card tiles on a blue page, separated by thin blue gutters. So
 * instead of hard-coding coordinates for one screen size, we classify every pixel as "page blue" or
 * not, cut the image into horizontal bands at rows that are almost all page, and cut each band into
 * tiles at columns that are mostly page. The grid is the run of bands whose tiles line up with the
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
/** Inside a band, a column belongs to a tile when at least this share of it is not page blue. */
const TILE_COLUMN_MIN_FILL = 0.5;
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

function findBands(img: RgbImage, pageMask: Uint8Array): Band[] {
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
    const blocks = runs(width, (x) => fills[x] >= TILE_COLUMN_MIN_FILL, minTile).filter(([l, r]) => {
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

/**
 * The tile grid of a share image, or null when the image does not look like one (then the caller
 * reads the whole image instead).
 */
export function findTileGrid(img: RgbImage): TileGrid | null {
  const bands = findBands(img, pageMaskOf(img));
  const fullest = bands.reduce<Band | null>((best, b) => (!best || b.blocks.length > best.blocks.length ? b : best), null);
  if (!fullest || fullest.blocks.length < 2) return null;
  const reference = fullest.blocks;
  const bandHeight = fullest.bottom - fullest.top;
  const similarHeight = (b: Band): boolean => Math.abs(b.bottom - b.top - bandHeight) <= bandHeight * 0.12;

  // The grid starts at the first full row; only its last row may be partial (18 = 4+4+4+4+2).
  const start = bands.findIndex((b) => b.blocks.length === reference.length && similarHeight(b) && fillsLeadingColumns(b, reference));
  const rows: Band[] = [];
  for (let i = start; i < bands.length; i++) {
    const band = bands[i];
    if (!similarHeight(band) || !fillsLeadingColumns(band, reference)) break;
    rows.push(band);
    if (band.blocks.length < reference.length) break;
  }
  const tiles = rows.flatMap((band) =>
    band.blocks.map(([l, r]) => ({ left: l, top: band.top, width: r - l, height: band.bottom - band.top })),
  );
  return { tiles, columns: reference.length, top: rows[0].top };
}
