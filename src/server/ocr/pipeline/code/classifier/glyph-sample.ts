/**
 * A glyph of a deck code as the classifier compares it: its shade resampled to a fixed grey grid, and
 * the two measures the grid loses, its width and height against the line's capital height (an O is
 * wider than a zero, a J hangs below the line, an I is a bare bar: stretched to the grid, each looks
 * like its twin).
 */

/** Size of the grid every glyph is resampled to. */
export const GRID_WIDTH = 16;
export const GRID_HEIGHT = 24;
export const GRID_SIZE = GRID_WIDTH * GRID_HEIGHT;

/**
 * The ink of one glyph: width × height, 1 where the pixel is ink (as the glyph cutter gives it),
 * and where the cutter gives it, how inky each pixel is (0-255): the classifier compares shades.
 */
export interface GlyphInk {
  width: number;
  height: number;
  ink: Uint8Array;
  shade?: Uint8Array;
}

export interface GlyphSample {
  /** GRID_SIZE greys, 0 paper to 255 ink, row by row. */
  pixels: Uint8Array;
  /** Width in capital heights. */
  width: number;
  /** Height in capital heights. */
  height: number;
}

/** For each grid cell along one axis, the source pixels of the span [start, end) it covers and how much of each. */
function coverage(start: number, end: number, cells: number): Array<Array<[number, number]>> {
  const step = (end - start) / cells;
  return Array.from({ length: cells }, (_, cell) => {
    const from = start + cell * step;
    const to = from + step;
    const parts: Array<[number, number]> = [];
    for (let p = Math.floor(from); p < Math.ceil(to); p++) {
      const share = Math.min(to, p + 1) - Math.max(from, p);
      if (share > 0) parts.push([p, share / step]);
    }
    return parts;
  });
}

/**
 * Where the glyph's ink starts and ends along one axis, to a fraction of a pixel: an edge line
 * (column or row) holding a share of the ink of the line inside it is that share of a pixel. A
 * stroke that falls between two pixels lights the outer one faintly, and a box of whole pixels is
 * then one pixel wider than the same glyph's box elsewhere on the line, which stretched to the
 * grid puts every stroke off.
 */
function inkSpan(sums: number[]): [number, number] {
  const n = sums.length;
  if (n < 4) return [0, n];
  const share = (edge: number, inner: number) => (inner > 0 ? Math.min(1, sums[edge] / inner) : 1);
  return [1 - share(0, sums[1]), n - 1 + share(n - 1, sums[n - 2])];
}

/** The glyph's shade (or ink) averaged over the grid's cells (its ink's span stretched to the grid), with its size in capitals. */
export function sampleOf(glyph: GlyphInk, capHeight: number): GlyphSample {
  const [greys, full] = glyph.shade ? [glyph.shade, 255] : [glyph.ink, 1];
  const columnSums = new Array<number>(glyph.width).fill(0);
  const rowSums = new Array<number>(glyph.height).fill(0);
  for (let y = 0; y < glyph.height; y++) {
    for (let x = 0; x < glyph.width; x++) {
      columnSums[x] += greys[y * glyph.width + x];
      rowSums[y] += greys[y * glyph.width + x];
    }
  }
  const [left, right] = inkSpan(columnSums);
  const [top, bottom] = inkSpan(rowSums);
  const columns = coverage(left, right, GRID_WIDTH);
  const rows = coverage(top, bottom, GRID_HEIGHT);
  const pixels = new Uint8Array(GRID_SIZE);
  for (let gy = 0; gy < GRID_HEIGHT; gy++) {
    for (let gx = 0; gx < GRID_WIDTH; gx++) {
      let ink = 0;
      for (const [y, wy] of rows[gy]) {
        for (const [x, wx] of columns[gx]) ink += greys[y * glyph.width + x] * wy * wx;
      }
      pixels[gy * GRID_WIDTH + gx] = Math.round((ink * 255) / full);
    }
  }
  const cap = capHeight > 0 ? capHeight : glyph.height;
  return { pixels, width: (right - left) / cap, height: (bottom - top) / cap };
}
