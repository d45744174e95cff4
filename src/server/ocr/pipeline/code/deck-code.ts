/**
 * Finds the deck code in text read from a share image header ("DECK CODE: UH42XD").
 */
import {
  codeGlyphClassifier,
  type CharacterScore,
  type CodeGlyphClassifier,
  type Exemplar,
} from './classifier/classifier';
import { capHeightOf, joinGlyphs, type Glyph } from './glyphs';
import type { OcrSymbol } from '../../runtime/worker-pool';

/** The characters of printed codes, deck codes and card codes alike. */
export const CODE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The length of the game's deck codes (UH42XD); codes of other lengths are still read. */
export const DECK_CODE_LENGTH = 6;
/** The shortest and longest codes read after the label. */
export const MIN_CODE_LENGTH = 4;
const MAX_CODE_LENGTH = 10;

/** The label's last word as printed, with the swap OCR makes even on clean text (O/0, lost spaces). */
const CODE_WORD = String.raw`C\s*[O0]\s*D\s*E`;
/** "DECK CODE" as printed. */
const CLEAN_LABEL = String.raw`D\s*E\s*C\s*K\s*${CODE_WORD}`;
/**
 * "DECK CODE" as OCR reads it from dim or faint text: its first letter or the middle of CODE
 * misread ("OECK", "CDOE", "LODE"). It is printed in capitals, and "Referral Code" on the line
 * above is not: labels are matched case-sensitively.
 */
export const DECK_CODE_LABEL = String.raw`[DOPQ0]\s*E\s*C\s*K\s*[CL(]\s*[A-Z0-9]\s*[A-Z0-9]\s*[EF]`;
/**
 * The code itself. It ends where letters and digits end, but never at a hyphen: "Referral Code:
 * ZLU-WPR-QW9" is another code. A code of the game's length may be read with a space inside: the
 * line model takes a wide gap between two characters for one, as where a face sets its J apart
 * from the A before it ("EWA J45" for EWAJ45, "header: other face" unseen seed 39268).
 */
const CODE_ITSELF = String.raw`(?<code>(?:[A-Za-z0-9] ?){${DECK_CODE_LENGTH - 1}}[A-Za-z0-9]|[A-Za-z0-9]{${MIN_CODE_LENGTH},${MAX_CODE_LENGTH}})(?![A-Za-z0-9-])`;
/** The code after the label; a colon may be read as ; or . or a quote, or be lost. */
const CODE = String.raw`\s*[:;.,"']?\s*${CODE_ITSELF}`;
/** The label's end, for when only that was read cleanly ("...ODE: UH42XD", "oECK CODE: X30Tal"). */
export const DECK_CODE_LABEL_END = String.raw`(?:${CODE_WORD}|D\s*E)\s*[:;]`;
const CODE_AFTER_COLON = String.raw`${DECK_CODE_LABEL_END}\s*${CODE_ITSELF}`;

/** Patterns in the order they are tried; the last one names the garbled label it finds. */
const DECK_CODE_LINES = [
  new RegExp(CLEAN_LABEL + CODE),
  new RegExp(CODE_AFTER_COLON),
  new RegExp(`(?<garbled>${DECK_CODE_LABEL})${CODE}`),
];

export interface DeckCodeRead {
  code: string;
  /**
   * Letters of the label read wrong, 0 for a clean one. A garbled label ("PECK CODF") means the
   * line was read poorly and its code may be too; the fewer wrong, the better the line was read.
   */
  labelErrors: number;
  /**
   * The glyphs the code was spelled on, one per character (none for two characters blur joined into
   * one glyph), and the line's capital height; absent where the line read alone spelled the code.
   * Where the reads of several views disagree, these shapes settle it (`agreedCode`).
   */
  shapes?: CodeShapes;
  /**
   * The code as the line model read it, where glyphs spelled one of the same length: what the line
   * saw whole where blur broke a glyph (`agreedCode` breaks a tie of reads by it).
   */
  lineCode?: string;
}

export interface CodeShapes {
  glyphs: Array<Glyph | undefined>;
  capHeight: number;
  /** The classifier the glyphs were settled by (the header's label among its set); absent: the set's own. */
  classifier?: CodeGlyphClassifier;
}

/** The classifier the shapes were settled by. */
export function classifierOf(shapes: CodeShapes): CodeGlyphClassifier {
  return shapes.classifier ?? codeGlyphClassifier();
}

/** How the classifier the shapes were settled by ranks their glyph at `i`; undefined where blur left none. */
export function rankedAt(shapes: CodeShapes, i: number): CharacterScore[] | undefined {
  const glyph = shapes.glyphs[i];
  return glyph && classifierOf(shapes).rank(glyph, shapes.capHeight);
}

/** The letters of "DECKCODE" a garbled label read as others (an O read as 0 is no error). */
function labelErrors(label: string): number {
  const letters = label.replace(/\s/g, '').toUpperCase().replace(/0/g, 'O');
  return Math.max(1, [...'DECKCODE'].filter((letter, i) => letters[i] !== letter).length);
}

/** The deck code in text read from a header, with how well its label was read; null when there is none. */
export function readDeckCodeLine(text: string): DeckCodeRead | null {
  for (const pattern of DECK_CODE_LINES) {
    for (const line of text.split('\n')) {
      const found = pattern.exec(line)?.groups;
      if (found)
        return {
          code: found.code.replace(/ /g, '').toUpperCase(),
          labelErrors: found.garbled === undefined ? 0 : labelErrors(found.garbled),
        };
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

/** How many pixels of a symbol's box lie over the glyph's columns (negative: the gap between them). */
const overlap = (glyph: Glyph, box: OcrSymbol): number =>
  Math.min(glyph.left + glyph.width, box.x1) - Math.max(glyph.left, box.x0);
/** A symbol's box lies (at least half of it) over the glyph. */
const liesOn = (glyph: Glyph, box: OcrSymbol): boolean => overlap(glyph, box) >= (box.x1 - box.x0) / 2;

/**
 * The code characters read, each given to the glyph its box overlaps most (`given`: the glyphs
 * `giveToUnread` gave one).
 */
function symbolsPerGlyph(glyphs: Glyph[], symbols: OcrSymbol[]): { perGlyph: OcrSymbol[][]; given: Set<number> } {
  const perGlyph: OcrSymbol[][] = glyphs.map(() => []);
  for (const symbol of symbols) {
    const char = symbol.text.trim().toUpperCase();
    if (char.length !== 1 || !CODE_CHARACTERS.includes(char)) continue;
    const overlaps = glyphs.map((g) => overlap(g, symbol));
    const best = overlaps.indexOf(Math.max(...overlaps));
    if (overlaps[best] > 0) perGlyph[best].push({ ...symbol, text: char });
  }
  return { perGlyph, given: giveToUnread(glyphs, perGlyph) };
}

/**
 * A glyph left without a character beside a glyph of one character's width holding two takes the
 * nearer of them when its box lies over it too and the other lies on the neighbour: the model's box
 * for one character spanned two glyphs and lay a little more on the other ("L" from the L's left
 * edge to the O's right edge, the O squarely on its own glyph: "FA?L5Z" for FALO5Z, other
 * background tuning seed 189). Where the other lies between glyphs too, the boxes are shifted
 * along the line (the I's box over the I and the F, the F's over the F and the H) and moving one
 * would shift them further.
 */
function giveToUnread(glyphs: Glyph[], perGlyph: OcrSymbol[][]): Set<number> {
  const capHeight = capHeightOf(glyphs);
  const centre = (s: OcrSymbol) => s.x0 + s.x1;
  const given = new Set<number>();
  for (const [i, own] of perGlyph.entries()) {
    if (own.length > 0) continue;
    for (const n of [i - 1, i + 1]) {
      const held = perGlyph[n];
      if (!held || held.length !== 2 || glyphs[n].width > capHeight * MAX_CHARACTER_WIDTH) continue;
      const [left, right] = [...held].sort((a, b) => centre(a) - centre(b));
      const [nearer, kept] = n > i ? [left, right] : [right, left];
      if (overlap(glyphs[i], nearer) <= 0 || !liesOn(glyphs[n], kept)) continue;
      perGlyph[n] = [kept];
      perGlyph[i] = [nearer];
      given.add(i);
      break;
    }
  }
  return given;
}

/** The label's last word, printed right before the colon in the code's font. */
const LABEL_WORD = 'CODE';
/** The line model's reading of that word's four glyphs, one character each, as a clean read spells it. */
const LABEL_WORD_READ = new RegExp(`^${CODE_WORD}$`);
/** Widest gap (capital heights) between two letters of one word. */
const MAX_LETTER_GAP = 0.5;
/**
 * A whole letter's height and width (capital heights), from a narrow face's E to a wide O: a
 * piece of a letter broken by blur is narrower, two letters joined wider.
 */
const LETTER_HEIGHT = [0.8, 1.2];
const LETTER_WIDTH = [0.4, 1.3];

/**
 * Glyphs of "CODE" before the colon, as exemplars of the header's own font for the classifier
 * (`withExemplars`, which keeps those it can learn from); none unless the four are whole letters,
 * close together, and the surest reading lying on each spells the word: a letter broken by blur,
 * or joined to its neighbour, would teach the classifier a wrong shape. They are sized by the
 * code's capital height (`codeCapHeight`), as the code's glyphs are compared: the code's median
 * glyph is an O's overshoot where half of it is round.
 */
export function labelExemplars(
  glyphs: Glyph[],
  colon: number,
  symbols: OcrSymbol[],
  codeCapHeight: number,
): Exemplar[] {
  const capHeight = capHeightOf(glyphs);
  const letters = glyphs.slice(Math.max(0, colon - LABEL_WORD.length), colon);
  if (letters.length !== LABEL_WORD.length) return [];
  const within = (value: number, [low, high]: number[]) => value >= capHeight * low && value <= capHeight * high;
  const whole = letters.every(
    (g, i) =>
      within(g.height, LETTER_HEIGHT) &&
      within(g.width, LETTER_WIDTH) &&
      (i === 0 || g.left - (letters[i - 1].left + letters[i - 1].width) <= capHeight * MAX_LETTER_GAP),
  );
  const spelt = letters.map((g) => readingOn(g, symbols)?.text.trim() ?? '').join('');
  if (!whole || !LABEL_WORD_READ.test(spelt)) return [];
  return letters.map((glyph, i) => ({ label: LABEL_WORD[i], glyph, capHeight: codeCapHeight }));
}

const surest = (symbols: OcrSymbol[]): OcrSymbol | null =>
  symbols.reduce<OcrSymbol | null>((best, s) => (!best || s.confidence > best.confidence ? s : best), null);

/** The surest character whose box lies mostly on the glyph; null when none does. */
const readingOn = (glyph: Glyph, symbols: OcrSymbol[]): OcrSymbol | null =>
  surest(symbols.filter((s) => liesOn(glyph, s)));

/**
 * The glyph's reading: the surest character lying on it (`readingOn`), else the surest given it.
 * The line model sometimes reads a phantom between two glyphs, its box half on each ("3Z2ZXDQ",
 * the 2 over the gap between the Zs), and at 92 it outranked the Z (91) read squarely on the glyph.
 */
function readingOf(glyph: Glyph, symbols: OcrSymbol[]): OcrSymbol | null {
  return readingOn(glyph, symbols) ?? surest(symbols);
}

/**
 * The two characters of a glyph two characters wide: its two surest readings, left to right. The
 * model's box for one of them often spans both, even starting left of the other's ("YT" with the
 * T's box from before the Y's): the boxes' centres keep the order. Null for a glyph of one character.
 */
function joinedPair(glyph: Glyph, symbols: OcrSymbol[], capHeight: number): OcrSymbol[] | null {
  if (glyph.width <= capHeight * MAX_CHARACTER_WIDTH || symbols.length < 2) return null;
  const [first, second] = [...symbols].sort((a, b) => b.confidence - a.confidence);
  return [first, second].sort((a, b) => a.x0 + a.x1 - (b.x0 + b.x1));
}

/** One character of a code as read from its glyph. */
export interface CodeCharacter {
  /** The character, look-alikes settled by the glyph classifier. */
  char: string;
  /** The character's glyph, broken pieces joined; absent for two characters blur joined into one glyph. */
  glyph?: Glyph;
  /** What the line model read on the glyph, before its shape settled it. */
  read?: string;
}

/** The code the characters spell. */
export const spell = (characters: CodeCharacter[]): string => characters.map((c) => c.char).join('');

/**
 * The character of a glyph the line read nothing on: its reading went to a neighbour ("T" over
 * the Y and the T of "8YTJN5") or was lost. A second look reads it; a code still holding one is
 * not spelled by its glyphs.
 */
export const UNREAD = '?';

/** Whether a glyph of the code is still UNREAD. */
export const hasUnread = (characters: CodeCharacter[]): boolean => characters.some((c) => c.char === UNREAD);

/**
 * The deck code's characters, spelled by its glyphs. Each glyph gets the surest character whose
 * box overlaps it most, so a glyph read twice ("4" as "A4") gives one character, and a J the model
 * skipped or merged into its neighbour is still counted; a glyph two characters wide (joined by
 * blur) gets both, and a piece broken off a character is joined to it. Each reading is settled by the
 * learnt glyph classifier (`classifier/classifier.ts`). The symbols' boxes are in the glyphs' (source image) pixels. A glyph with no character
 * at all is UNREAD. `joinPieces: false` takes every glyph for a character of its own.
 */
export function codeCharacters(
  glyphs: Glyph[],
  symbols: OcrSymbol[],
  { joinPieces = true, classifier = codeGlyphClassifier() } = {},
): CodeCharacter[] {
  const capHeight = capHeightOf(glyphs);
  const { perGlyph, given } = symbolsPerGlyph(glyphs, symbols);
  const readings = perGlyph.map((symbols, i) => readingOf(glyphs[i], symbols));
  const isJ = (i: number): boolean => {
    const reading = readings[i];
    return (
      classifier.resembles('J', glyphs[i], capHeight) &&
      (!reading || reading.text === 'J' || reading.confidence < DOUBTFUL_CONFIDENCE)
    );
  };
  // A glyph inside the box of a surer character read on its neighbour, the two no wider than one
  // character, is a piece of it: blur and JPEG break an H's crossbar, a D's bowl or a 1's flag, and
  // the pieces part. Its ink is the character's, for the classifier and a second look. A glyph
  // given a character its neighbour's box spanned is neither piece nor whole: that box spans the
  // neighbour, which kept a reading of its own (IFH0H5 read "IFHOHS5", the I's box over the F).
  const wholeOf = (i: number): number | undefined => {
    if (isJ(i) || given.has(i) || joinedPair(glyphs[i], perGlyph[i], capHeight)) return undefined;
    return [i - 1, i + 1].find((n) => {
      const [glyph, other, own, reading] = [glyphs[i], glyphs[n], readings[i], readings[n]];
      if (!other || !reading || isJ(n) || given.has(n) || (own && own.confidence >= reading.confidence)) return false;
      const span = Math.max(glyph.left + glyph.width, other.left + other.width) - Math.min(glyph.left, other.left);
      return (
        reading.x0 <= glyph.left + 1 &&
        reading.x1 >= glyph.left + glyph.width - 1 &&
        span <= capHeight * MAX_CHARACTER_WIDTH
      );
    });
  };
  const whole = glyphs.map((_, i) => (joinPieces ? wholeOf(i) : undefined));
  const joined = [...glyphs];
  whole.forEach((of, piece) => {
    if (of !== undefined) joined[of] = joinGlyphs(joined[of], glyphs[piece]);
  });
  const characters: CodeCharacter[] = [];
  for (const [i, glyph] of joined.entries()) {
    if (whole[i] !== undefined) continue;
    const reading = readings[i];
    const pair = joinedPair(glyph, perGlyph[i], capHeight);
    if (pair) characters.push(...pair.map((s) => ({ char: s.text })));
    else if (isJ(i)) characters.push({ char: 'J', glyph });
    else if (reading)
      characters.push({ char: classifier.settle(reading.text, glyph, capHeight), glyph, read: reading.text });
    // A glyph like an I without a reading: a wider neighbour's box took it (a J's "I" often spans both).
    else if (classifier.resembles('I', glyph, capHeight)) characters.push({ char: 'I', glyph });
    else characters.push({ char: UNREAD, glyph });
  }
  return characters;
}

/**
 * Confidence from which a glyph read on its own overrules the line. In a random code the line
 * model has no context and swaps look-alikes with high confidence (8/B/S/9, 5/S, 6/G, 9/Q, 1/I,
 * F/H after a glyph read twice); read alone, a glyph is mostly read right. Every glyph of the code
 * was read alone on 300 generated headers (seeds 101-400, 500-1500 px wide, JPEG q40-90, 40 %
 * blurred; 1,792 looks): where the line's character was right, a look of another character at 80
 * or more came 33 times, every one a 0 or D for an O; where it was wrong (28 times), the look was
 * right 18 times. Codes exact: 283 -> 290 of 300 (289 at 50 and 70, 287 at 90). Then on 200
 * headers never looked at before (seeds 601-800): 190 -> 196 of 200, the same at 50-85.
 */
const SECOND_LOOK_CONFIDENCE = 80;
/**
 * Confidence from which a look that reads what the line read confirms it. Looks of 60-80 that read
 * another character were right 4 times and wrong 4 (bench tuning seeds 50-71 and 500 generated
 * headers), so they stay below SECOND_LOOK_CONFIDENCE; one agreeing with the line is a second
 * reading of the same character.
 */
const AGREEING_LOOK_CONFIDENCE = 50;

/**
 * Positions in the code worth a second look (each look is a read of its own, about 5 ms of a
 * worker's time for one glyph): characters the glyph classifier doubts (`doubts`: they have learnt
 * look-alikes, or their glyph looks most like another character or like none), or unread, with a
 * glyph of their own.
 */
export function secondLookPositions(
  characters: CodeCharacter[],
  classifier: CodeGlyphClassifier = codeGlyphClassifier(),
): number[] {
  const capHeight = capHeightOf(characters.flatMap((c) => (c.glyph ? [c.glyph] : [])));
  return characters.flatMap((c, i) =>
    c.glyph && (c.char === UNREAD || classifier.doubts(c.char, c.glyph, capHeight)) ? [i] : [],
  );
}

/**
 * The code with each second look that is sure of another character taken instead. The glyph
 * classifier weighs the look as it weighs the line's reading, with the line's character as its
 * rival: alone, an O reads as 0 or D and a J as 1, and the glyph puts them back. A look that reads
 * what the line read confirms it: the glyph must then beat two readings (twice the margins). A
 * glyph left unread by the line and its look is the character the classifier clearly sees in it.
 */
export function settleBySecondLook(
  characters: CodeCharacter[],
  looks: Array<{ position: number; text: string; confidence: number }>,
  classifier: CodeGlyphClassifier = codeGlyphClassifier(),
): string {
  const capHeight = capHeightOf(characters.flatMap((c) => (c.glyph ? [c.glyph] : [])));
  const chars = characters.map((c) => c.char);
  for (const { position, text, confidence } of looks) {
    const seen = text.trim().toUpperCase();
    const { char, glyph, read } = characters[position];
    const agrees = seen === read && confidence >= AGREEING_LOOK_CONFIDENCE;
    // An unread glyph has only its look: any character it gives beats the line read that lost it.
    if (
      seen.length !== 1 ||
      !CODE_CHARACTERS.includes(seen) ||
      (char !== UNREAD && !agrees && confidence < SECOND_LOOK_CONFIDENCE) ||
      !glyph
    )
      continue;
    chars[position] = agrees
      ? classifier.settle(seen, glyph, capHeight, { readings: 2 })
      : classifier.settle(seen, glyph, capHeight, { rival: char === UNREAD ? '' : char });
  }
  // Alone, a clean glyph is now and then read as no character at all: the line's box over the M of
  // HTIWM6 took in the 6 too, and a look at the 6 read nothing ("JPEG" unseen seed 39263, 560 px).
  // A glyph still unread is what the classifier clearly takes it for (there, 6 at 0.77, 8 at 0.50).
  characters.forEach(({ glyph }, i) => {
    if (chars[i] === UNREAD && glyph) chars[i] = classifier.clearly(glyph, capHeight) ?? UNREAD;
  });
  return chars.join('');
}
