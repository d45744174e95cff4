/**
 * A glyph of a deck code as the classifier compares it: its ink resampled to a fixed grey grid, and
 * the two measures the grid loses, its width and height against the line's capital height (an O is
 * wider than a zero, a J hangs below the line, an I is a bare bar: stretched to the grid, each looks
 * like its twin).
 */

/** Size of the grid every glyph is resampled to. */
export const GRID_WIDTH = 16;
export const GRID_HEIGHT = 24;
export const GRID_SIZE = GRID_WIDTH * GRID_HEIGHT;

/**
 * The ink of one glyph: width × height, 1 where the pixel is ink (as the glyph cutter gives it), and
 * where the cutter read it off an image, how inked each pixel is, 0-255 (`tone`), which is compared instead.
 */
export interface GlyphInk {
  width: number;
  height: number;
  ink: Uint8Array;
  tone?: Uint8Array;
}

export interface GlyphSample {
  /** GRID_SIZE greys, 0 paper to 255 ink, row by row. */
  pixels: Uint8Array;
  /** Width in capital heights. */
  width: number;
  /** Height in capital heights. */
  height: number;
}

/** For each grid cell along one axis, the source pixels it covers and how much of each. */
function coverage(source: number, cells: number): Array<Array<[number, number]>> {
  const step = source / cells;
  return Array.from({ length: cells }, (_, cell) => {
    const from = cell * step;
    const to = from + step;
    const parts: Array<[number, number]> = [];
    for (let p = Math.floor(from); p < Math.min(source, Math.ceil(to)); p++) {
      const share = Math.min(to, p + 1) - Math.max(from, p);
      if (share > 0) parts.push([p, share / step]);
    }
    return parts;
  });
}

/** The glyph's ink averaged over the grid's cells (the box stretched to the grid), with its size in capitals. */
export function sampleOf(glyph: GlyphInk, capHeight: number): GlyphSample {
  const columns = coverage(glyph.width, GRID_WIDTH);
  const rows = coverage(glyph.height, GRID_HEIGHT);
  const [values, full] = glyph.tone ? [glyph.tone, 255] : [glyph.ink, 1];
  const pixels = new Uint8Array(GRID_SIZE);
  for (let gy = 0; gy < GRID_HEIGHT; gy++) {
    for (let gx = 0; gx < GRID_WIDTH; gx++) {
      let ink = 0;
      for (const [y, wy] of rows[gy]) {
        for (const [x, wx] of columns[gx]) ink += values[y * glyph.width + x] * wy * wx;
      }
      pixels[gy * GRID_WIDTH + gx] = Math.round((ink * 255) / full);
    }
  }
  const cap = capHeight > 0 ? capHeight : glyph.height;
  return { pixels, width: glyph.width / cap, height: glyph.height / cap };
}
