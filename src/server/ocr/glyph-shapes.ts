/**
 * Tells apart the characters of a deck code that the line model confuses, by the glyph's shape.
 *
 * A deck code is random letters and digits, so no word context separates O from 0 or I from 1,
 * and the model skips a J it cannot place. Their shapes differ in (practically) every sans font:
 * the zero is narrower than the O, the I is a bare bar, the J hangs below the line with nothing on
 * its upper left. The thresholds were measured on 300 generated headers (seeds 101-400, none of
 * which the benchmark reads), in units of the code's capital height:
 *   O 0.92-1.20 wide, zero 0.73-0.92 (at 11-12 px capitals the two meet: a 10 px O under an
 *   11 px capital is 0.91, an 11 px zero under a 12 px one 0.92); I 0.18-0.31, one 0.43-0.72;
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

/**
 * Pairs the line model swaps, each with a measure of the glyph that is high for the first
 * character and low for the second. Each looks for a stroke one of the two has and the other lacks
 * in sans fonts: A stands on two feet where a 4's lower left is open; L and D have an upright stem
 * on the left where 1 and a round O have none; 9 and 7 have a stroke at the right, above the
 * middle, where S and T are open. The bounds are the ends of each character's range on the code
 * glyphs of 300 generated headers (seeds 101-400, at 500-1500 px, JPEG, some blurred; about 40 of
 * each character): between them the glyph is not decisive and the line model's reading stands.
 * Pairs whose ranges met or overlapped (B/8, 9/Y) are left out. D/O was measured again with the
 * O/0 width ranges: an O or a zero of 8-10 px capitals fills up to 1.0 of its two left corners
 * (a pixel each), a D 1.25 or more but for two of 45 (0.75), which the line model reads as D anyway. Z/2 has its own rule (`looksLikeZ`):
 * its stroke measure alone, fitted to the generated glyphs, read the real screenshot's 2 as a Z.
 */
interface ShapePair {
  first: string;
  second: string;
  measure: (glyph: Glyph) => number;
  /** At or above: the first; at or below: the second. */
  firstFrom: number;
  secondTo: number;
}
const lowerLeft = (g: Glyph) => inkShare(g, 0.88, 1, 0, 0.15);
const upperLeft = (g: Glyph) => inkShare(g, 0, 0.12, 0, 0.15);
const middleLeft = (g: Glyph) => inkShare(g, 0.4, 0.6, 0, 0.25);
const upperRight = (g: Glyph) => inkShare(g, 0.25, 0.45, 0.75, 1);
const SHAPE_PAIRS: ShapePair[] = [
  { first: 'A', second: '4', measure: lowerLeft, firstFrom: 0.5, secondTo: 0.1 },
  { first: 'L', second: '1', measure: middleLeft, firstFrom: 0.75, secondTo: 0.1 },
  { first: 'D', second: 'O', measure: (g) => upperLeft(g) + lowerLeft(g), firstFrom: 1.25, secondTo: 0.25 },
  { first: '9', second: 'S', measure: upperRight, firstFrom: 0.67, secondTo: 0.33 },
  { first: '7', second: 'T', measure: upperRight, firstFrom: 0.3, secondTo: 0.05 },
];

/**
 * Capital height (px) below which strokes are not measured: a corner of 0.15 x 0.12 of a glyph 9 px
 * high is one JPEG-smeared pixel (a 567 px screenshot at quality 41 made a 4 an "A"). Widths still count.
 */
const MIN_STROKE_CAP_HEIGHT = 10;

/**
 * A Z the line model read as 2 (it does so confidently, even on the glyph alone): as wide as the
 * round capitals, with its diagonal leaving the upper right at once where a 2 comes down the
 * right side first. Seeds 101-260: Z 0.75-0.90 wide, upper right 0.10-0.44 (one 0.67); 2 0.64-0.77
 * wide, 0.58-1.0. The game's 2 is narrower (0.50-0.62 over the real screenshot's variants, seeds
 * 1-60) but its upper right goes down to 0.33 at low resolutions: width alone keeps it a 2.
 */
const Z_MIN_WIDTH = 0.78;
const Z_MAX_UPPER_RIGHT = 0.45;
function looksLikeZ(glyph: Glyph, capHeight: number): boolean {
  return capHeight >= MIN_STROKE_CAP_HEIGHT && glyph.width >= capHeight * Z_MIN_WIDTH && upperRight(glyph) <= Z_MAX_UPPER_RIGHT;
}

/** The character read, or the other of its pair when the glyph clearly has that one's shape. */
function settleByShape(char: string, glyph: Glyph, capHeight: number): string {
  if (capHeight < MIN_STROKE_CAP_HEIGHT) return char;
  for (const { first, second, measure, firstFrom, secondTo } of SHAPE_PAIRS) {
    if (char === first && measure(glyph) <= secondTo) return second;
    if (char === second && measure(glyph) >= firstFrom) return first;
  }
  return char;
}

/**
 * The character read from a glyph, with look-alikes settled by shape: O/0 and I/1 by the glyph's
 * width, the pairs above by their strokes, a 2 that is a Z by both.
 */
export function settleLookalike(char: string, glyph: Glyph, capHeight: number): string {
  const width = glyph.width / capHeight;
  if (char === '2') return looksLikeZ(glyph, capHeight) ? 'Z' : char;
  if (char === 'I' || char === '1') return width <= I_MAX_WIDTH ? 'I' : settleByShape('1', glyph, capHeight);
  const shaped = settleByShape(char === '0' ? 'O' : char, glyph, capHeight);
  return shaped === 'O' ? (width >= O_MIN_WIDTH ? 'O' : '0') : shaped;
}

