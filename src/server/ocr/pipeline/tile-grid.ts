/**
 * The shapes the deck reader passes around: decoded pixels, rectangles, and the tile grid that
 * `tile-finder.ts` finds in an image.
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
