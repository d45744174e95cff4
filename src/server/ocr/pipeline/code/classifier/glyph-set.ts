/**
 * The labelled glyph set the code classifier is learnt from, as stored in the repository
 * (`glyph-set.json`): each glyph's character, where it was cut from (the real share image's
 * variants or a font), its size in capitals, and its grid at 4 bits a cell. The grids are deflated
 * (to about half their packed size: glyphs are mostly paper and solid ink, graded at the strokes'
 * edges) and the sources listed once each, so the set is about three quarters of a megabyte.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { GRID_HEIGHT, GRID_SIZE, GRID_WIDTH, type GlyphSample } from './glyph-sample';

export interface LabelledGlyph extends GlyphSample {
  label: string;
  /** What the glyph was cut from, e.g. "real x0.80 q55 blur0.6 dim1.00 t90" or "font DejaVu Sans Bold 17px q70 t90". */
  source: string;
}

export interface StoredGlyphSet {
  grid: [number, number];
  /** Each glyph's character, in order. */
  labels: string;
  /** The sources glyphs were cut from, each once. */
  sources: string[];
  /** Three unsigned 16-bit numbers a glyph (little-endian, base64): its source's index, its width and height in thousandths of a capital. */
  measures: string;
  /** Every glyph's grid, GRID_SIZE cells at 4 bits, two to a byte (high nibble first), deflated, base64. */
  grids: string;
}

/** The set as stored: what a grid cell's 0-255 grey loses is under a sixteenth. */
export function storeGlyphSet(glyphs: LabelledGlyph[]): StoredGlyphSet {
  const sources = [...new Set(glyphs.map((g) => g.source))];
  const sourceIndex = new Map(sources.map((s, i) => [s, i]));
  const measures = Buffer.alloc(glyphs.length * 6);
  const packed = Buffer.alloc((glyphs.length * GRID_SIZE) / 2);
  for (const [n, glyph] of glyphs.entries()) {
    measures.writeUInt16LE(sourceIndex.get(glyph.source)!, n * 6);
    measures.writeUInt16LE(Math.round(glyph.width * 1000), n * 6 + 2);
    measures.writeUInt16LE(Math.round(glyph.height * 1000), n * 6 + 4);
    for (let i = 0; i < GRID_SIZE; i += 2) {
      const high = Math.round(glyph.pixels[i] / 17);
      const low = Math.round(glyph.pixels[i + 1] / 17);
      packed[(n * GRID_SIZE + i) / 2] = (high << 4) | low;
    }
  }
  return {
    grid: [GRID_WIDTH, GRID_HEIGHT],
    labels: glyphs.map((g) => g.label).join(''),
    sources,
    measures: measures.toString('base64'),
    grids: deflateRawSync(packed, { level: 9 }).toString('base64'),
  };
}

export function loadGlyphSet(set: StoredGlyphSet): LabelledGlyph[] {
  if (set.grid[0] !== GRID_WIDTH || set.grid[1] !== GRID_HEIGHT)
    throw new Error(`the glyph set's grid is ${set.grid.join('x')}, the classifier's ${GRID_WIDTH}x${GRID_HEIGHT}`);
  const measures = Buffer.from(set.measures, 'base64');
  const packed = inflateRawSync(Buffer.from(set.grids, 'base64'));
  return [...set.labels].map((label, n) => {
    const pixels = new Uint8Array(GRID_SIZE);
    for (let i = 0; i < GRID_SIZE; i += 2) {
      const byte = packed[(n * GRID_SIZE + i) / 2];
      pixels[i] = (byte >> 4) * 17;
      pixels[i + 1] = (byte & 15) * 17;
    }
    return {
      label,
      source: set.sources[measures.readUInt16LE(n * 6)],
      width: measures.readUInt16LE(n * 6 + 2) / 1000,
      height: measures.readUInt16LE(n * 6 + 4) / 1000,
      pixels,
    };
  });
}
