/**
 * Finds the deck code in text read from a share image header ("DECK CODE: UH42XD").
 */
import { capHeightOf, looksLikeBar, looksLikeJ, settleLookalike } from './glyph-shapes';
import type { Glyph } from './glyphs';
import type { OcrSymbol } from './worker-pool';

/** The characters of printed codes, deck codes and card codes alike. */
export const CODE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** "DECK CODE" as printed, with the swaps OCR makes even on clean text (O/0, lost spaces). */
const CLEAN_LABEL = String.raw`D\s*E\s*C\s*K\s*C\s*[O0]\s*D\s*E`;
/**
 * "DECK CODE" as OCR reads it from dim or faint text: its first letter or the middle of CODE
 * misread ("OECK", "CDOE", "LODE"). It is printed in capitals, and "Referral Code" on the line
 * above is not: labels are matched case-sensitively.
 */
export const DECK_CODE_LABEL = String.raw`[DOPQ0]\s*E\s*C\s*K\s*[CL(]\s*[A-Z0-9]\s*[A-Z0-9]\s*[EF]`;
/**
 * The code ends where letters and digits end, but never at a hyphen: "Referral Code: ZLU-WPR-QW9"
 * is another code. A colon may be read as ; or . or a quote, or be lost.
 */
const CODE = String.raw`\s*[:;.,"']?\s*([A-Za-z0-9]{4,10})(?![A-Za-z0-9-])`;
/** When only the end of the line was read ("...ODE: UH42XD"). */
const CODE_AFTER_COLON = String.raw`(?:C\s*[O0]\s*D\s*E|D\s*E)\s*[:;]\s*([A-Za-z0-9]{4,10})(?![A-Za-z0-9-])`;

/** Patterns in the order they are tried, and whether the label they find was read garbled. */
const DECK_CODE_LINES: Array<[RegExp, boolean]> = [
  [new RegExp(CLEAN_LABEL + CODE), false],
  [new RegExp(CODE_AFTER_COLON), false],
  [new RegExp(DECK_CODE_LABEL + CODE), true],
];

export interface DeckCodeRead {
  code: string;
  /** The label was read garbled ("PECK CODF"): the line was read poorly, and its code may be too. */
  garbled: boolean;
}

/** The deck code in text read from a header, with how well its label was read; null when there is none. */
export function readDeckCodeLine(text: string): DeckCodeRead | null {
  for (const [pattern, garbled] of DECK_CODE_LINES) {
    for (const line of text.split('\n')) {
      const found = pattern.exec(line);
      if (found) return { code: found[1].toUpperCase(), garbled };
    }
  }
  return null;
}

/** The deck code in text read from a header or a whole picture, or null. */
export function parseDeckCode(text: string): string | null {
  return readDeckCodeLine(text)?.code ?? null;
}

/** Below this confidence a character read over a J-shaped glyph is taken for the J it missed. */
const DOUBTFUL_CONFIDENCE = 60;

/**
 * Widest glyph (capital heights) that is one character: a W is 1.28-1.46 in generated headers.
 * Wider, it is two characters whose strokes touch (blur joins the K and T of "XKT8UF").
 */
const MAX_CHARACTER_WIDTH = 1.55;

/** The code characters read, each given to the glyph its box overlaps most. */
function symbolsPerGlyph(glyphs: Glyph[], symbols: OcrSymbol[]): OcrSymbol[][] {
  const perGlyph: OcrSymbol[][] = glyphs.map(() => []);
  for (const symbol of symbols) {
    const char = symbol.text.trim().toUpperCase();
    if (char.length !== 1 || !CODE_CHARACTERS.includes(char)) continue;
    const overlaps = glyphs.map((g) => Math.min(g.left + g.width, symbol.x1) - Math.max(g.left, symbol.x0));
    const best = overlaps.indexOf(Math.max(...overlaps));
    if (overlaps[best] > 0) perGlyph[best].push({ ...symbol, text: char });
  }
  return perGlyph;
}

const surest = (symbols: OcrSymbol[]): OcrSymbol | null => symbols.reduce<OcrSymbol | null>((best, s) => (!best || s.confidence > best.confidence ? s : best), null);

/**
 * The two characters of a glyph two characters wide: its two surest readings, left to right (the
 * model's box for the first often spans both). Null for a glyph of one character.
 */
function joinedPair(glyph: Glyph, symbols: OcrSymbol[], capHeight: number): OcrSymbol[] | null {
  if (glyph.width <= capHeight * MAX_CHARACTER_WIDTH || symbols.length < 2) return null;
  const [first, second] = [...symbols].sort((a, b) => b.confidence - a.confidence);
  return [first, second].sort((a, b) => a.x0 - b.x0 || a.x1 - b.x1);
}

/**
 * The deck code spelled by its glyphs. Each glyph gets the surest character whose box overlaps it
 * most, so a glyph read twice ("4" as "A4") gives one character, and a J the model skipped or
 * merged into its neighbour is still counted; a glyph two characters wide (joined by blur) gets
 * both, and a piece broken off a character none. O/0 and I/1 are settled by shape. The symbols' boxes are in the glyphs' (source image) pixels.
 * Null when a glyph has no character at all.
 */
export function codeFromGlyphs(glyphs: Glyph[], symbols: OcrSymbol[]): string | null {
  const capHeight = capHeightOf(glyphs);
  const perGlyph = symbolsPerGlyph(glyphs, symbols);
  const readings = perGlyph.map(surest);
  const isJ = (i: number): boolean => {
    const reading = readings[i];
    return looksLikeJ(glyphs[i], capHeight) && (!reading || reading.text === 'J' || reading.confidence < DOUBTFUL_CONFIDENCE);
  };
  // A glyph inside the box of a surer character read on its neighbour, the two no wider than one
  // character, is a piece of it: blur breaks an H's crossbar or a D's bowl, and the pieces part.
  const isPiece = (i: number): boolean =>
    [i - 1, i + 1].some((n) => {
      const [glyph, other, own, reading] = [glyphs[i], glyphs[n], readings[i], readings[n]];
      if (!other || !reading || isJ(n) || (own && own.confidence >= reading.confidence)) return false;
      const span = Math.max(glyph.left + glyph.width, other.left + other.width) - Math.min(glyph.left, other.left);
      return reading.x0 <= glyph.left + 1 && reading.x1 >= glyph.left + glyph.width - 1 && span <= capHeight * MAX_CHARACTER_WIDTH;
    });
  let code = '';
  for (const [i, glyph] of glyphs.entries()) {
    const reading = readings[i];
    const pair = joinedPair(glyph, perGlyph[i], capHeight);
    if (pair) code += pair.map((s) => s.text).join('');
    else if (isJ(i)) code += 'J';
    else if (isPiece(i)) continue;
    else if (reading) code += settleLookalike(reading.text, glyph, capHeight);
    // A bare bar is an I whose reading a wider neighbour's box took (a J's "I" often spans both).
    else if (looksLikeBar(glyph, capHeight)) code += 'I';
    else return null;
  }
  return code;
}

/**
 * Groups of characters the line model swaps with high confidence in small bold text, in any
 * direction (S for 5 or 8, B for 8, 9 for 1 or for an O the width then makes a 0, and back), and
 * that a glyph read on its own tells apart. O/0 and I/1 are left to the glyph's width
 * (`settleLookalike`): read alone, O comes back as 0 most of the time. The 0 joined the 1/9 group
 * later: on the 300 headers below it changed no code, on the generated other-background layout
 * (tuning seeds 1-99) it mended two 9s read "O" (178 -> 180 of 198).
 */
const SECOND_LOOK_GROUPS = ['S5B8', '190'];
/**
 * Confidence from which a glyph read on its own overrules the line. Over 300 generated headers
 * (seeds 101-400) the two readings of an S, 5, B or 8 disagreed 10 times: the glyph alone was right
 * in all 9 cases where it was sure of itself (78-96), and wrong in the one where its confidence was
 * 0. Codes read exactly with these groups: seeds 1-100 99 %, 101-400 97.7 %, 401-500 (looked at
 * only after the rules were set, then for the 1/9 and S/8 groups) 97 %; with the pairs S/5 and
 * B/8 alone 98 %, 97.3 % and 93 %.
 */
const SECOND_LOOK_CONFIDENCE = 50;

const groupOf = (char: string) => SECOND_LOOK_GROUPS.find((group) => group.includes(char));

/** Positions in the code worth a second look: characters of a group the line model swaps. */
export function secondLookPositions(code: string): number[] {
  return [...code].flatMap((char, i) => (groupOf(char) ? [i] : []));
}

/** The code with each second look that is sure of another character of its group taken instead. */
export function settleBySecondLook(code: string, looks: Array<{ position: number; text: string; confidence: number }>): string {
  const chars = [...code];
  for (const look of looks) {
    const seen = look.text.trim().toUpperCase();
    const group = groupOf(chars[look.position]);
    if (group && seen.length === 1 && seen !== chars[look.position] && group.includes(seen) && look.confidence >= SECOND_LOOK_CONFIDENCE) chars[look.position] = seen;
  }
  return chars.join('');
}
