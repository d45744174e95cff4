/**
 * Tells apart the characters of a deck code that the line model confuses, by the glyph's shape.
 *
 * A deck code is random letters and digits, so no word context separates O from 0 or I from 1,
 * and the model skips a J it cannot place. Their shapes differ in (practically) every sans font:
 * the zero is narrower than the O, the I is a bare bar, the J hangs below the line with nothing on
 * its upper left. The thresholds were measured on 300 generated headers (seeds 101-400, none of
 * which the benchmark reads), in units of the code's capital height:
 *   O 0.92-1.20 wide, zero 0.73-0.92; I 0.18-0.31, one 0.43-0.72;
 *   J 1.07-1.33 tall and 0.33-0.50 wide, with no ink on its upper left (every other character has some).
 */
import type { Glyph } from './glyphs';

const O_MIN_WIDTH = 0.92;
const I_MAX_WIDTH = 0.37;
const J_MIN_HEIGHT = 1.05;
const J_MAX_WIDTH = 0.55;

/** Share of the glyph's box, between the given fractions of its height and width, that is ink. */
function inkShare(glyph: Glyph, top: number, bottom: number, left: number, right: number): number {
  let pixels = 0;
  let ink = 0;
  for (let y = Math.floor(top * glyph.height); y < Math.ceil(bottom * glyph.height); y++) {
    for (let x = Math.floor(left * glyph.width); x < Math.ceil(right * glyph.width); x++) {
      pixels++;
      ink += glyph.ink[y * glyph.width + x];
    }
  }
  return pixels === 0 ? 0 : ink / pixels;
}

/** The capital height of a line of glyphs: the median glyph height (a J or Q hangs lower). */
export function capHeightOf(glyphs: Glyph[]): number {
  const heights = glyphs.map((g) => g.height).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

export function looksLikeJ(glyph: Glyph, capHeight: number): boolean {
  return (
    glyph.height >= capHeight * J_MIN_HEIGHT &&
    glyph.width <= capHeight * J_MAX_WIDTH &&
    inkShare(glyph, 0, 0.12, 0, 0.15) === 0 &&
    inkShare(glyph, 0.15, 0.35, 0, 0.2) < 0.1
  );
}

/** A bare upright bar of capital height: the shape of an I (a one has a flag and is wider). */
export function looksLikeBar(glyph: Glyph, capHeight: number): boolean {
  return (
    glyph.width <= capHeight * I_MAX_WIDTH &&
    glyph.height >= capHeight * 0.9 &&
    glyph.height <= capHeight * 1.1 &&
    inkShare(glyph, 0, 1, 0, 1) >= 0.75
  );
}

/** The character read from a glyph, with O/0 and I/1 decided by the glyph's width. */
export function settleLookalike(char: string, glyph: Glyph, capHeight: number): string {
  const width = glyph.width / capHeight;
  if (char === 'O' || char === '0') return width >= O_MIN_WIDTH ? 'O' : '0';
  if (char === 'I' || char === '1') return width <= I_MAX_WIDTH ? 'I' : '1';
  return char;
}
