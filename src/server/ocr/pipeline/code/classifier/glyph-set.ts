/**
 * The labelled glyph set the code classifier is learnt from, as stored in the repository
 * (`glyph-set.json`): each glyph's grid at 4 bits a cell (base64), its size in capitals, its
 * character and where it was cut from (the real share image's variants or a font).
 */
import { GRID_HEIGHT, GRID_SIZE, GRID_WIDTH, type GlyphSample } from './glyph-sample';

export interface LabelledGlyph extends GlyphSample {
  label: string;
  /** What the glyph was cut from, e.g. "real q55 x0.8 blur0.6" or "font DejaVu Sans Bold 14px". */
  source: string;
}

export interface StoredGlyph {
  label: string;
  source: string;
  width: number;
  height: number;
  /** GRID_SIZE cells, two to a byte (high nibble first), base64. */
  grid: string;
}

export interface StoredGlyphSet {
  grid: [number, number];
  glyphs: StoredGlyph[];
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

export function storeGlyph(glyph: LabelledGlyph): StoredGlyph {
  const packed = Buffer.alloc(GRID_SIZE / 2);
  for (let i = 0; i < GRID_SIZE; i += 2) {
    const high = Math.round(glyph.pixels[i] / 17);
    const low = Math.round(glyph.pixels[i + 1] / 17);
    packed[i / 2] = (high << 4) | low;
  }
  return {
    label: glyph.label,
    source: glyph.source,
    width: round(glyph.width),
    height: round(glyph.height),
    grid: packed.toString('base64'),
  };
}

export function loadGlyph(stored: StoredGlyph): LabelledGlyph {
  const packed = Buffer.from(stored.grid, 'base64');
  const pixels = new Uint8Array(GRID_SIZE);
  for (let i = 0; i < GRID_SIZE; i += 2) {
    pixels[i] = (packed[i / 2] >> 4) * 17;
    pixels[i + 1] = (packed[i / 2] & 15) * 17;
  }
  return { label: stored.label, source: stored.source, width: stored.width, height: stored.height, pixels };
}

export function loadGlyphSet(set: StoredGlyphSet): LabelledGlyph[] {
  if (set.grid[0] !== GRID_WIDTH || set.grid[1] !== GRID_HEIGHT)
    throw new Error(`the glyph set's grid is ${set.grid.join('x')}, the classifier's ${GRID_WIDTH}x${GRID_HEIGHT}`);
  return set.glyphs.map(loadGlyph);
}
