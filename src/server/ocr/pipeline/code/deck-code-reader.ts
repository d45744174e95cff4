/**
 * Reads "DECK CODE: XXXXXX" from the header of a share image.
 *
 * The code is the header's last text line. Reading only that line is 3-4 times faster than the
 * whole header with its avatar art, and a character whitelist keeps "5" from becoming "S:". A deck
 * code is random characters, which the line model reads worst: the line is also cut into glyphs,
 * and the characters read are laid on them (`codeCharacters`), which fixes the length of the code
 * and settles look-alikes by the learnt glyph classifier (`classifier/`). Each glyph the classifier
 * doubts is then read once more on its own (`settleBySecondLook`): out of the line, the model no
 * longer swaps look-alikes.
 */
import {
  CODE_CHARACTERS,
  DECK_CODE_LABEL,
  DECK_CODE_LABEL_END,
  DECK_CODE_LENGTH,
  MIN_CODE_LENGTH,
  UNREAD,
  codeCharacters,
  hasUnread,
  labelExemplars,
  readDeckCodeLine,
  secondLookPositions,
  settleBySecondLook,
  spell,
  type CodeCharacter,
  type DeckCodeRead,
} from './deck-code';
import { codeGlyphClassifier, type CodeGlyphClassifier } from './classifier/classifier';
import { capHeightOf, findGlyphs, isColon, type Glyph } from './glyphs';
import { centredSpan, clampRect, findTextLines, medianWhiteness, textRows, whiteTextImage } from '../text-crops';
import type { Rect, RgbImage } from '../tile-grid';
import {
  OcrBusyError,
  type OcrBox,
  type OcrJob,
  type OcrJobRunner,
  type OcrLine,
  type OcrResult,
  type OcrSymbol,
} from '../../runtime/worker-pool';

/** The header's text is pale blue-grey rather than white: a lower whiteness makes it ink. */
const HEADER_INK_LOW = 30;
const HEADER_LINE_THRESHOLD = 100;
/**
 * How much the thresholds above rise with the page's own whiteness: on a grey page (a
 * desaturated screenshot) the page itself would pass for pale text.
 */
const PAGE_LIFT = 0.6;

interface HeaderThresholds {
  inkLow: number;
  line: number;
  glyph: number;
  fainterGlyph: number[];
}

/** Whiteness thresholds for a header whose typical (median) pixel has this whiteness. */
function headerThresholds(img: RgbImage, header: Rect): HeaderThresholds {
  const lift = PAGE_LIFT * Math.max(0, medianWhiteness(img, header));
  return {
    inkLow: HEADER_INK_LOW + lift,
    line: HEADER_LINE_THRESHOLD + lift,
    glyph: GLYPH_THRESHOLD + lift,
    fainterGlyph: FAINTER_GLYPH_THRESHOLDS.map((t) => t + lift),
  };
}

/** Whiteness at which a pixel belongs to a glyph: mid-ramp, so JPEG haze between glyphs does not join them. */
const GLYPH_THRESHOLD = 90;
/** Fainter glyph thresholds, tried in turn where the glyphs cut at GLYPH_THRESHOLD spell a code shorter than the line's. */
const FAINTER_GLYPH_THRESHOLDS = [60, 35];
/**
 * Widest gap inside the code's line, as a share of the tile height: wider than a space (at 0.05,
 * dim blurred text broke at its own spaces), narrower than the way to art beside the line.
 */
const WORD_GAP_SHARE = 0.1;
/** Widest space (capital heights) between the colon and the code, or two of its characters. */
const MAX_CODE_GAP = 1.5;
/** Tallest glyph (capital heights) of the code: a J hangs 1.1-1.3 below; art is taller. */
const MAX_GLYPH_HEIGHT = 1.6;
/** Margin (px) of paper around the line image, as `whiteTextImage` adds it. */
const LINE_MARGIN = 12;
/**
 * Text height (px) the line is read at. Over 100 generated headers and the real one, one reading at
 * 26 px laid on the glyphs was right 97 times; readings at 26/22/32 or 26/20/34 voting per glyph
 * also 97, at 26/30/22 94. So one reading.
 */
const LINE_TEXT_HEIGHT = 26;
/** Capital height (px) a single glyph is read at for a second look. */
const GLYPH_TEXT_HEIGHT = 32;
/** Widest glyph (capital heights) a look reads past to the right, and how far: an L is 0.5-0.6 wide. */
const LOOK_BAR_WIDTH = 0.4;
const LOOK_BAR_REACH = 0.65;

export interface DeckCodePlan {
  job: OcrJob;
  /** The deck code in the job's result and how well its label was read, or null; may read parts of the image again with the pool. */
  decide(result: OcrResult, pool: OcrJobRunner): Promise<DeckCodeRead | null>;
  /** The job reads the whole header (no better line was found): reading it again finds nothing new. */
  wholeHeader: boolean;
}

/**
 * The code's glyphs from `first` on, up to where the text ends (art or a frame further along the
 * band is not a character). `colon`, when found, must be close before the first.
 */
function codeRun(glyphs: Glyph[], first: number, capHeight: number, colon?: Glyph): Glyph[] {
  const code: Glyph[] = [];
  for (const glyph of glyphs.slice(first)) {
    const previous = code[code.length - 1] ?? colon;
    if (previous && glyph.left - (previous.left + previous.width) > capHeight * MAX_CODE_GAP) break;
    if (glyph.height <= capHeight * MAX_GLYPH_HEIGHT) code.push(glyph);
  }
  return code;
}

/** The code's characters as spelled on one cut of its glyphs, and the classifier that settled them. */
interface Spelling {
  characters: CodeCharacter[];
  classifier: CodeGlyphClassifier;
}

/** Where the line read put the code: its characters, and the right end of the label before them. */
interface ReadCodePlace {
  code: OcrSymbol[];
  labelEnd: number;
}

/**
 * The code's characters with pieces of a broken character joined, unless joining leaves fewer than
 * the game's six, the glyphs taken one character each are six, and the line did not read six
 * either. The line model reads an I and its neighbour as one character now and then ("LH0H5" for
 * IFH0H5, "7VLMQ" for 7VIJMQ; bench tuning seeds 117 and 123), its box over both: the I's glyph
 * then lies inside the box of a surer reading, as the broken-off stem of an H does. Where the line
 * read six, its reading stands over glyphs too few (below).
 */
function piecesJoinedWhereRight(
  glyphs: Glyph[],
  symbols: OcrSymbol[],
  lineCodeLength: number,
  classifier: CodeGlyphClassifier,
): CodeCharacter[] {
  const joined = codeCharacters(glyphs, symbols, { classifier });
  if (lineCodeLength === DECK_CODE_LENGTH || joined.length >= DECK_CODE_LENGTH || glyphs.length !== DECK_CODE_LENGTH)
    return joined;
  const apart = codeCharacters(glyphs, symbols, { joinPieces: false, classifier });
  return apart.length === DECK_CODE_LENGTH ? apart : joined;
}

/** Whether the glyphs reach from the first character read to the last. */
function spans(glyphs: Glyph[], code: OcrSymbol[]): boolean {
  const last = glyphs[glyphs.length - 1];
  return glyphs[0].left <= code[0].x1 && last.left + last.width >= code[code.length - 1].x0;
}

/** The code read among the line's symbols (its last characters); null when they do not spell it. */
function readCodePlace(symbols: OcrSymbol[], code: string): ReadCodePlace | null {
  const characters = symbols.filter(
    (s) => s.text.trim().length === 1 && CODE_CHARACTERS.includes(s.text.trim().toUpperCase()),
  );
  const spelled = characters.slice(-code.length);
  if (spelled.length < code.length || spelled.map((s) => s.text.trim().toUpperCase()).join('') !== code) return null;
  return { code: spelled, labelEnd: characters[characters.length - code.length - 1]?.x1 ?? -Infinity };
}

/**
 * The line's colon, or -1 when none is found. Where the line read placed the code, the colon lies
 * between the label and the code: a piece of a broken letter of "DECK" has a colon's shape too.
 */
function colonIndex(glyphs: Glyph[], capHeight: number, place: ReadCodePlace | null): number {
  const between = (g: Glyph) => !place || (g.left >= place.labelEnd - 1 && g.left + g.width <= place.code[0].x0 + 1);
  // A glyph of the code broken in two can pass for a colon; the real one leaves a code behind it.
  return glyphs.findIndex((g, i) => isColon(g, capHeight) && between(g) && glyphs.length - 1 - i >= MIN_CODE_LENGTH);
}

/**
 * A code glyph lower than this share of the code's capital height is a speck of a character that
 * fell apart: a code is capitals and digits, all as high as the capitals.
 */
const MIN_WHOLE_GLYPH_HEIGHT = 0.8;

/** Whether one of the characters' glyphs is a speck, not a whole character. */
function hasSpeck(characters: CodeCharacter[]): boolean {
  const glyphs = characters.flatMap((c) => (c.glyph ? [c.glyph] : []));
  const capHeight = capHeightOf(glyphs);
  return glyphs.some((g) => g.height < capHeight * MIN_WHOLE_GLYPH_HEIGHT);
}

/**
 * Where a look at a glyph ends on the right: a pixel past it, or for a bar (an I or 1 as cut) up to
 * the next glyph, at most LOOK_BAR_REACH capitals. Blurred and dim, an L's foot fades below the
 * whiteness glyphs are cut at, and the stem alone was read as I (bench tuning seed 8 of warm +
 * dim + blur); JPEG broke a T's bar off its stem (seed 30 at 551 px, quality 45). The look's own,
 * fainter cut keeps what lies right of the stem. Codes exact on bench tuning seeds 1-30 of eight
 * classes: 478 -> 480 of 480.
 */
function lookRight(glyph: Glyph, next: Glyph | undefined, capHeight: number): number {
  const end = glyph.left + glyph.width + 1;
  if (glyph.width > capHeight * LOOK_BAR_WIDTH) return end;
  return Math.max(end, Math.min(glyph.left + capHeight * LOOK_BAR_REACH, next ? next.left - 1 : Infinity));
}

/**
 * The code with each character that has a look-alike read again on its own glyph. When the reader
 * is full the line's reading stands: a second look is worth less than an answer.
 */
async function takeSecondLook(
  img: RgbImage,
  characters: CodeCharacter[],
  pool: OcrJobRunner,
  inkLow: number,
  classifier: CodeGlyphClassifier,
): Promise<string> {
  const positions = secondLookPositions(characters, classifier);
  if (positions.length === 0) return spell(characters);
  const glyphs = characters.flatMap((c) => (c.glyph ? [c.glyph] : []));
  const capHeight = capHeightOf(glyphs);
  const top = Math.min(...glyphs.map((g) => g.top));
  const jobs = positions.map((position): OcrJob => {
    const glyph = characters[position].glyph!;
    const right = lookRight(glyph, characters[position + 1]?.glyph, capHeight);
    const region = {
      left: glyph.left - 1,
      top: top - capHeight * 0.2,
      width: right - glyph.left + 1,
      height: capHeight * 1.6,
    };
    return {
      image: whiteTextImage(img, region, { scale: GLYPH_TEXT_HEIGHT / capHeight, margin: 16, inkLow }),
      mode: 'char',
      whitelist: CODE_CHARACTERS,
    };
  });
  try {
    const looks = await pool.recognizeAll(jobs, { first: true });
    return settleBySecondLook(
      characters,
      looks.map((look, i) => ({ position: positions[i], text: look.text, confidence: look.confidence })),
      classifier,
    );
  } catch (error) {
    if (error instanceof OcrBusyError) return spell(characters);
    throw error;
  }
}

/** The header's last text line, read for the code; the whole header when no line is found. */
export function planDeckCode(img: RgbImage, header: Rect, tileHeight: number): DeckCodePlan {
  const thresholds = headerThresholds(img, header);
  const lines = findTextLines(img, header, thresholds.line).filter((l) => l.bottom - l.top >= tileHeight * 0.03);
  const last = lines[lines.length - 1];
  if (!last) return wholeHeaderPlan(img, header);
  // Art beside the line (an avatar box where another layout's columns put it) is no part of it,
  // and would make the line as tall as the art.
  const text = textRows(
    img,
    centredSpan(img, last, header.left + header.width / 2, tileHeight * WORD_GAP_SHARE, thresholds.line),
    thresholds.line,
  );
  const pad = tileHeight * 0.02;
  const region = {
    left: text.left - pad,
    top: text.top - pad,
    width: text.right - text.left + 2 * pad,
    height: text.bottom - text.top + 2 * pad,
  };
  return codeLinePlan(img, clampRect(img, region), text.bottom - text.top, thresholds);
}

/**
 * The whole header, for when no text line is found or the last line held no code: headers laid out
 * otherwise put the code first, or at one side. A page read mixes up look-alike characters more
 * than a line read laid on glyphs, so the line the code was found on is read again that way.
 */
export function wholeHeaderPlan(img: RgbImage, header: Rect): DeckCodePlan {
  const thresholds = headerThresholds(img, header);
  const scale = 2;
  const margin = 16;
  const image = whiteTextImage(img, header, { scale, margin, inkLow: thresholds.inkLow });
  const decide = async (result: OcrResult, pool: OcrJobRunner): Promise<DeckCodeRead | null> => {
    const read = readDeckCodeLine(result.text);
    const found = labelledWords(result.lines ?? []);
    if (!found) return read;
    // The words' boxes are in the header image's pixels.
    const toSource = (x: number, origin: number) => origin + (x - margin) / scale;
    const lineHeight = (found.y1 - found.y0) / scale;
    const left = toSource(found.x0, header.left) - lineHeight;
    const right = toSource(found.x1, header.left) + lineHeight;
    const top = toSource(found.y0, header.top) - lineHeight * 0.2;
    const plan = codeLinePlan(
      img,
      clampRect(img, { left, top, width: right - left, height: lineHeight * 1.4 }),
      lineHeight,
      thresholds,
    );
    try {
      return (await plan.decide((await pool.recognizeAll([plan.job], { first: true }))[0], pool)) ?? read;
    } catch (error) {
      if (error instanceof OcrBusyError) return read;
      throw error;
    }
  };
  return { job: { image, mode: 'block', withSymbols: true }, decide, wholeHeader: true };
}

/**
 * "DECK CODE" as a page read gives it, the code after it not yet required to be clean; failing
 * that, the label's end alone, as the code was found by (a page read gave "WU oECK CODE: X30Tal"
 * for X3OT4I, "layout: other header" tuning seed 304: read again as a line, it is spelled on glyphs).
 */
const CODE_LABELS = [new RegExp(DECK_CODE_LABEL), new RegExp(DECK_CODE_LABEL_END)];

/**
 * The box of the words from "DECK CODE" to the end of its line: the label and the code, without
 * the art a page read often joins to the same line. Found even when the code itself was misread
 * ("3)77FW"): the line read that follows has a whitelist and the glyphs.
 */
export function labelledWords(lines: OcrLine[]): OcrBox | undefined {
  for (const label of CODE_LABELS) {
    for (const line of lines) {
      for (let first = line.words.length - 1; first >= 0; first--) {
        const words = line.words.slice(first);
        if (!label.test(words.map((w) => w.text).join(' '))) continue;
        return {
          x0: Math.min(...words.map((w) => w.x0)),
          y0: Math.min(...words.map((w) => w.y0)),
          x1: Math.max(...words.map((w) => w.x1)),
          y1: Math.max(...words.map((w) => w.y1)),
        };
      }
    }
  }
  return undefined;
}

/**
 * One text line (`region`, a little taller than its text) read for the code: the line read with a
 * whitelist, its characters laid on the glyphs after the colon (or, the colon lost, from where the
 * line read puts the code), look-alikes read again alone.
 */
function codeLinePlan(img: RgbImage, region: Rect, lineHeight: number, thresholds: HeaderThresholds): DeckCodePlan {
  const lineTop = region.top + (region.height - lineHeight) / 2;
  // Glyphs are cut from a taller band: a J's tail hangs below the line the line finder measured.
  const band = { ...region, top: lineTop - lineHeight * 0.3, height: lineHeight * 1.7 };
  const scale = Math.min(5, Math.max(1, LINE_TEXT_HEIGHT / lineHeight));
  const image = whiteTextImage(img, region, { scale, margin: LINE_MARGIN, inkLow: thresholds.inkLow });
  const decide = async (result: OcrResult, pool: OcrJobRunner): Promise<DeckCodeRead | null> => {
    const read = readDeckCodeLine(result.text);
    if (!read) return null;
    // Symbol boxes are in the line image's pixels; the glyphs are in the source image's.
    const placed = (result.symbols ?? []).map((s): OcrSymbol => ({
      ...s,
      x0: region.left + (s.x0 - LINE_MARGIN) / scale,
      x1: region.left + (s.x1 - LINE_MARGIN) / scale,
    }));
    const place = readCodePlace(placed, read.code);
    /**
     * The code's characters on the glyphs cut at one whiteness, with the classifier that settled
     * them (the set and the label's letters), or null when too few glyphs follow the label.
     */
    const charactersAt = (threshold: number): Spelling | null => {
      const glyphs = findGlyphs(img, band, threshold, lineHeight * 0.5);
      const capHeight = capHeightOf(glyphs);
      const colon = colonIndex(glyphs, capHeight, place);
      // The colon lost (dim or blurred small text fades its dots, or joins them into a bar): the code
      // starts at the glyph under the first character the line read gave it.
      const first =
        colon >= 0 ? colon + 1 : place ? glyphs.findIndex((g) => g.left + g.width / 2 >= place.code[0].x0) : -1;
      const codeGlyphs = first >= 0 ? codeRun(glyphs, first, capHeight, colon >= 0 ? glyphs[colon] : undefined) : [];
      if (codeGlyphs.length < MIN_CODE_LENGTH) return null;
      const codeCapHeight = capHeightOf(codeGlyphs);
      const exemplars = colon >= 0 ? labelExemplars(glyphs, colon, placed, codeCapHeight) : [];
      const lineGlyphs = [...exemplars, ...codeGlyphs.map((glyph) => ({ glyph, capHeight: codeCapHeight }))];
      const classifier = codeGlyphClassifier().withExemplars(exemplars).atLineWidth(lineGlyphs).inStyleOf(lineGlyphs);
      const byBoxes = piecesJoinedWhereRight(codeGlyphs, placed, read.code.length, classifier);
      // The glyphs take the line's characters in order, not by their boxes, where the boxes left a
      // glyph without a character (on a desaturated real screenshot the model boxed the U of UH42XD
      // one pixel wide, over the H) or, six glyphs for a code of the game's length, joined two (at
      // 919 px it boxed the I of QUM5I9 over the 5, which then took the I's glyph for a piece of
      // it). Only among as many glyphs as characters read, reaching from the first to the last: a
      // phantom character and a skipped J also make the counts agree ("I1A27B" for IA2J7B), where
      // the boxes are right, and so can the pieces of broken letters (blur split the U and H of
      // UH42XD in a photo of the screen, the H of IFH0H5 in a read of seven characters).
      const misplaced =
        hasUnread(byBoxes) || (codeGlyphs.length === DECK_CODE_LENGTH && byBoxes.length !== codeGlyphs.length);
      if (!place || !misplaced || codeGlyphs.length !== place.code.length || !spans(codeGlyphs, place.code))
        return { characters: byBoxes, classifier };
      const inOrder = codeCharacters(
        codeGlyphs,
        place.code.map((s, i) => ({ ...s, x0: codeGlyphs[i].left, x1: codeGlyphs[i].left + codeGlyphs[i].width })),
        { classifier },
      );
      return { characters: inOrder, classifier };
    };
    // Blur and a small size dim thin strokes below the glyph threshold, and glyphs fall apart into
    // specks: where they spell a code shorter than the line's, or one of them is a speck or unread,
    // they are cut again fainter. (Longer is the line's fault: it skips a J tucked under its
    // neighbour. So is longer than the game's codes: it read a 5 and an S on one glyph.)
    const tooShort = (c: CodeCharacter[]): boolean => c.length < read.code.length && c.length !== DECK_CODE_LENGTH;
    /**
     * 2: whole glyphs spelling the line's code or more, or a code of the game's length; 1: a speck
     * or an unread glyph among them; 0: too few.
     */
    const quality = (spelling: Spelling | null): number => {
      const c = spelling?.characters;
      return !c || tooShort(c) ? 0 : hasSpeck(c) || hasUnread(c) ? 1 : 2;
    };
    let spelling = charactersAt(thresholds.glyph);
    for (const fainter of thresholds.fainterGlyph) {
      if (quality(spelling) === 2) break;
      const again = charactersAt(fainter);
      if (quality(again) > quality(spelling)) spelling = again;
    }
    // Glyphs that spell another length than a line read of the game's length were joined or broken
    // by blur and JPEG (an I touching the S before it; a U's two stems apart): the line read stands.
    if (!spelling || (spelling.characters.length !== read.code.length && read.code.length === DECK_CODE_LENGTH))
      return read;
    const { characters, classifier } = spelling;
    const spelled = await takeSecondLook(img, characters, pool, thresholds.inkLow, classifier);
    if (spelled.includes(UNREAD)) return read;
    const glyphs = characters.map((c) => c.glyph);
    return {
      ...read,
      code: spelled,
      shapes: { glyphs, capHeight: capHeightOf(glyphs.filter((g) => g !== undefined)), classifier },
      lineCode: read.code.length === spelled.length ? read.code : undefined,
    };
  };
  return {
    job: { image, mode: 'line', whitelist: `${CODE_CHARACTERS}: `, withSymbols: true },
    decide,
    wholeHeader: false,
  };
}
