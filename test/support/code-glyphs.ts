/**
 * Glyphs of a deck code as the reader cuts them from a header: "DECK CODE: <code>" drawn pale on
 * the share image's blue in DejaVu Sans Bold (the generator's font), cut at the reader's whiteness.
 * Drawn at its size and not spoilt, as none of the classifier's training glyphs is (each was drawn
 * and then scaled by a random factor, `scripts/train-code-classifier.ts`), so the tests are off them.
 */
import sharp from 'sharp';
import { capHeightOf, findGlyphs, isColon, type Glyph } from '../../src/server/ocr/pipeline/code/glyphs';

export interface CodeGlyphs {
  glyphs: Glyph[];
  capHeight: number;
  /** Every glyph of the line, the label's among them, and where the colon is in it. */
  line: Glyph[];
  colon: number;
}

export interface CodeGlyphOptions {
  /** The text drawn this much narrower (0.7: a condensed face narrower than any the classifier learnt). */
  stretch?: number;
  /** The face, bold (the generator's DejaVu Sans), or regular (a face a game update might print its header in). */
  font?: { family: string; weight: 'bold' | 'normal' };
}

export async function codeGlyphs(
  code: string,
  fontSize = 22,
  { stretch = 1, font = { family: 'DejaVu Sans', weight: 'bold' } }: CodeGlyphOptions = {},
): Promise<CodeGlyphs> {
  const width = Math.round(fontSize * (2 + 1.2 * (11 + code.length)));
  const height = fontSize * 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#1d5fb0"/><text transform="scale(${stretch} 1)" x="${fontSize * 0.5}" y="${fontSize * 1.4}" font-family="${font.family}" font-weight="${font.weight}" font-size="${fontSize}" letter-spacing="${fontSize * 0.12}" fill="#dfe6f0">DECK CODE: ${code}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const img = { data: new Uint8Array(data), width: info.width, height: info.height };
  const all = findGlyphs(img, { left: 0, top: 0, width: img.width, height: img.height }, 90, fontSize * 0.3);
  const capHeight = capHeightOf(all);
  const colon = all.findIndex((g) => isColon(g, capHeight));
  const glyphs = all.slice(colon + 1);
  if (glyphs.length !== code.length) throw new Error(`cut ${glyphs.length} glyphs from ${code}`);
  return { glyphs, capHeight: capHeightOf(glyphs), line: all, colon };
}

/**
 * The glyph's ink (and tone) drawn `factor` times as wide, each column copied from the nearest of the glyph's:
 * blur spreads a small glyph by a pixel or two, which at 10-15 px capitals is a tenth of its width.
 */
export function widened(glyph: Glyph, factor: number): Glyph {
  const width = Math.round(glyph.width * factor);
  const widen = (values: Uint8Array): Uint8Array => {
    const wide = new Uint8Array(width * glyph.height);
    for (let y = 0; y < glyph.height; y++)
      for (let x = 0; x < width; x++)
        wide[y * width + x] = values[y * glyph.width + Math.min(glyph.width - 1, Math.floor(x / factor))];
    return wide;
  };
  return { ...glyph, width, ink: widen(glyph.ink), ...(glyph.tone && { tone: widen(glyph.tone) }) };
}

/** The glyph's box filled with a checkerboard of 4 px squares: ink like no character (a cut of specks). */
export function specked(glyph: Glyph): Glyph {
  const { width, height } = glyph;
  const ink = Uint8Array.from(
    { length: width * height },
    (_, i) => (Math.floor((i % width) / 4) + Math.floor(i / width / 4)) % 2,
  );
  return { ...glyph, ink, tone: ink.map((v) => v * 255) };
}
