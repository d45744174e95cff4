/**
 * Where a tile's name is, found from the tile's own text lines rather than at a fixed height: a
 * game update that moves the name band (higher, lower, under art of another shape) or turns the
 * bodies bright with dark names must not hide the names. The name is the widest, tallest centred
 * line of text in the tile: the rarity glyph, the LIMITED label and a code above the name are
 * narrower or smaller, the PROTECTED label and the small code sit to a side, and the ability text
 * is dark on a coloured box (left out by its box's colour when dark text is looked for).
 */
import {
  TEXT_LINE_THRESHOLD,
  capitalsOf,
  centredSpan,
  columnHoldsText,
  findTextLines,
  isCutByTop,
  lightness,
  whiteness,
  type TextLine,
} from './text-crops';
import {
  LOOSER_NAME_LINE_THRESHOLDS,
  MAX_NAME_LINE_HEIGHT,
  MIN_FOUND_NAME_HEIGHT,
  withinNameLineGap,
} from './thresholds';
import type { Rect, RgbImage } from './tile-grid';

/** The part of a tile searched for its name, as shares of its height: below the energy badges, above its frame. */
export const NAME_SEARCH = { top: 0.3, bottom: 0.97, inset: 0.03 } as const;
/**
 * A name line is at least this share of the tile wide: "IO" and "OX" are 0.07-0.09, "K2" 0.11. The
 * glyph of the rarity badge is 0.07-0.08 too, but round: a line narrower than MIN_WIDE_NAME_WIDTH
 * must be MIN_SHORT_NAME_ASPECT times as wide as tall (two capitals: 1.3-1.4; the badge: 1.0).
 */
export const MIN_NAME_WIDTH = 0.06;
const MIN_WIDE_NAME_WIDTH = 0.09;
const MIN_SHORT_NAME_ASPECT = 1.2;
/** The height of a name's capitals, as a share of the tile's height (the game's are 0.037-0.046; a long name's smaller font 0.023). */
const CAPITAL_HEIGHT = { min: 0.03, max: 0.05 } as const;
/** The tallest a name's line is, as a share of the tile's height (the game's names are 0.037-0.046). */
const TALLEST_NAME = 0.05;
/**
 * Least share of a line's box its capitals fill: brackets and descenders make a box about half
 * again as tall as its capitals (0.67), and a mixed-case line's small letters fill half its box.
 */
const MIN_CAPITAL_SHARE = 0.4;
/**
 * The least share of a name line's capital rows that is ink (`capitalsOf`): the game's bold
 * capitals fill 0.25-0.55 of them (bench images of every class), the sparkles and edges of art
 * that line up into a line 0.10-0.21 (the real screenshot's tiles). Measured over the whole box,
 * brackets and blur that make it taller than the capitals left THE STAR (XVII) and R.U.R. (1920)
 * at 0.25.
 */
export const MIN_BOLD_INK = 0.25;
/**
 * The least share of a name line's columns that hold ink down half its capitals' height or more
 * (`capitalsOf`): capitals are stems and bowls, 0.21-0.81 of the columns on bench images of every
 * class. The thin light rim where art meets a dark body, drawn across the tile, fills whole rows
 * as a line of capitals would, but only one or two rows in each column: 0.15 (band low, seed 439,
 * under NĀGA).
 */
const MIN_STEM_SHARE = 0.18;
/** A name line's middle is at most this share of the tile's width off its centre. */
const MAX_NAME_OFFSET = 0.1;
/**
 * Paper around dark text more colourful than this (max - min of RGB) is the ability box (pink,
 * yellow, green, blue: 89-179), not a bright body (21-54).
 */
const MAX_BODY_SATURATION = 70;

/**
 * The image as dark text on light ground would look as light text: each pixel's darkness (255 minus
 * its brightest channel) as a grey, so the line finder and the masks read dark names unchanged.
 */
export function darkTextCopy(img: RgbImage): RgbImage {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i += 3) {
    const dark = 255 - lightness(img.data, i);
    data[i] = dark;
    data[i + 1] = dark;
    data[i + 2] = dark;
  }
  return { data, width: img.width, height: img.height };
}

export function nameSearchBand(tile: Rect): Rect {
  return {
    left: tile.left + tile.width * NAME_SEARCH.inset,
    top: tile.top + tile.height * NAME_SEARCH.top,
    width: tile.width * (1 - 2 * NAME_SEARCH.inset),
    height: tile.height * (NAME_SEARCH.bottom - NAME_SEARCH.top),
  };
}

/** Ink runs along the line's rows at a third and a half of its height: text breaks into many, a blob of art into one or two. */
function inkRuns(img: RgbImage, line: TextLine, threshold: number): number {
  let most = 0;
  for (const share of [1 / 3, 1 / 2, 2 / 3]) {
    const y = Math.round(line.top + (line.bottom - line.top) * share);
    let runs = 0;
    let inside = false;
    for (let x = Math.round(line.left); x <= Math.round(line.right); x++) {
      const ink = whiteness(img.data, (y * img.width + x) * 3) >= threshold;
      if (ink && !inside) runs++;
      inside = ink;
    }
    most = Math.max(most, runs);
  }
  return most;
}

/** Whether a column of the line's box holds no ink between columns that do: two glyphs side by side, not one. */
function holdsTwoGlyphs(img: RgbImage, line: TextLine, threshold: number): boolean {
  const inked: boolean[] = [];
  for (let x = Math.round(line.left); x <= Math.round(line.right); x++)
    inked.push(columnHoldsText(img, line, x, threshold));
  return inked.slice(inked.indexOf(true), inked.lastIndexOf(true) + 1).includes(false);
}

/**
 * Median saturation and brightness of the line's paper (its pixels that are not ink), in `colour`:
 * in its box and half its height to either side. The box of a one-stroke name is all ink: the
 * card "i", dark on a bright body, had no paper there, and was taken for text on a dark one
 * ("restyled: bright bodies" tuning seed 313, unseen 39143).
 */
function paperOf(
  colour: RgbImage,
  source: RgbImage,
  line: TextLine,
  threshold: number,
): { saturation: number; brightness: number } {
  const saturations: number[] = [];
  const brightnesses: number[] = [];
  const side = (line.bottom - line.top) / 2;
  const [left, right] = [Math.max(0, line.left - side), Math.min(colour.width - 1, line.right + side)];
  for (let y = Math.round(line.top); y < Math.round(line.bottom); y++) {
    for (let x = Math.round(left); x <= Math.round(right); x++) {
      const i = (y * colour.width + x) * 3;
      if (whiteness(source.data, i) >= threshold) continue;
      const [r, g, b] = [colour.data[i], colour.data[i + 1], colour.data[i + 2]];
      saturations.push(Math.max(r, g, b) - Math.min(r, g, b));
      brightnesses.push(Math.max(r, g, b));
    }
  }
  const median = (v: number[]): number => v.sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  return { saturation: median(saturations), brightness: median(brightnesses) };
}

/** A candidate name line: where it is, in which copy of the image (light text, or dark text as light), and how name-like. */
export interface NameLineCandidate {
  line: TextLine;
  source: RgbImage;
  dark: boolean;
  /** The whiteness (of `source`) its ink was found at: TEXT_LINE_THRESHOLD, or a looser one for faint text. */
  threshold: number;
  /** The height of the line's capitals (`capitalsOf`), measured once for its score and its neighbours. */
  capitalHeight: number;
  score: number;
}

function candidatesIn(
  img: RgbImage,
  source: RgbImage,
  dark: boolean,
  tile: Rect,
  lineThreshold: number,
): NameLineCandidate[] {
  const tileCentre = tile.left + tile.width / 2;
  const search = nameSearchBand(tile);
  return findTextLines(source, search, lineThreshold)
    .filter((l) => {
      const height = l.bottom - l.top;
      // A line cut by the search's top is the foot of something above it: art, not a name.
      if (isCutByTop(l, search)) return false;
      return height >= tile.height * MIN_FOUND_NAME_HEIGHT && height <= tile.height * MAX_NAME_LINE_HEIGHT;
    })
    .map((whole) => ({
      whole,
      l: centredSpan(source, whole, tileCentre, (whole.bottom - whole.top) * 1.2, lineThreshold),
    }))
    .flatMap(({ whole, l }): NameLineCandidate[] => {
      const line = { img, source, dark, tile, whole, l };
      const usual = asNameLine(line, lineThreshold);
      if (usual !== 'faint') return usual ? [usual] : [];
      // A line too faint at the usual whiteness to be a bold name's is measured again at looser
      // ones, as a name at its usual place is: a photo's blur and glare leave the strokes of bold
      // capitals grey, under a quarter of their rows ink at the usual whiteness (0.21-0.24 on
      // restyled tiles photographed on a screen, where the usual place holds no name).
      for (const threshold of LOOSER_NAME_LINE_THRESHOLDS.filter((t) => t < lineThreshold)) {
        const looser = asNameLine(line, threshold);
        if (looser && looser !== 'faint') return [looser];
      }
      return [];
    });
}

/** Whether the line was found only at a looser whiteness than bold ink's: faint text, or the grey edge of art. */
export function isFaintLine(line: NameLineCandidate): boolean {
  return line.threshold !== TEXT_LINE_THRESHOLD;
}

/** A line found in a tile: `whole` as found, `l` its centred span, in `source` (light text, or dark text as light). */
interface FoundLine {
  img: RgbImage;
  source: RgbImage;
  dark: boolean;
  tile: Rect;
  whole: TextLine;
  l: TextLine;
}

/**
 * The line as a candidate name when its ink, at whiteness `threshold`, is a name's; 'faint' when
 * it is one in every way but too little ink for bold capitals; null when it is no name.
 */
function asNameLine(
  { img, source, dark, tile, whole, l }: FoundLine,
  threshold: number,
): NameLineCandidate | 'faint' | null {
  const tileCentre = tile.left + tile.width / 2;
  const height = l.bottom - l.top;
  const width = l.right - l.left;
  if (Math.abs((l.left + l.right) / 2 - tileCentre) > tile.width * MAX_NAME_OFFSET) return null;
  const capitals = capitalsOf(source, l, threshold);
  // A lone bar is the name of one capital I, at any whiteness: a stroke of a longer name is not
  // alone across the tile, the more so at a looser whiteness, where its fainter letters are ink
  // too. On a 617 px restyled image the I was 2 px wide, one of them ink at the usual whiteness, too
  // few for a line; at a looser one it was the tile's one bar ("name band high" tuning seed 231).
  if (!isOneCapitalI(source, whole, tile, threshold)) {
    if (width < tile.width * MIN_NAME_WIDTH) return null;
    // The rarity badge is round: as wide as tall, one glyph. Two capitals ("IO", "OX") are wider, or
    // two glyphs apart: PI, a narrow P beside a bar, is 15 px wide and 13 tall on a 249 px tile,
    // and the ability's title under it was read instead (art wide, tuning seed 241).
    if (
      width < tile.width * MIN_WIDE_NAME_WIDTH &&
      width < height * MIN_SHORT_NAME_ASPECT &&
      !holdsTwoGlyphs(source, l, threshold)
    )
      return null;
    // About one letter per capital's height, each one run or two: far fewer runs is art. Counted
    // against the capitals, not the line's box, which a label above stretches: the LIMITED CARD
    // badge's solid triangle beside a patch of white art was a line of 18 px "capitals" in a 33 px
    // box, 115 px wide in two runs, and outscored FORGET-ME-NOT ("name band high" unseen seed 39432).
    if (inkRuns(source, l, threshold) < Math.max(2, (0.5 * width) / capitals.height)) return null;
    // Art lined up into a line may fill its capital rows as well as bold capitals, but it is taller.
    if (capitals.height > tile.height * CAPITAL_HEIGHT.max) return null;
    // A line's capitals fill most of its box (MIN_CAPITAL_SHARE): a box whose fullest rows are
    // one edge is a frame, not text. The ability box's top edge and the
    // title under it, a line 11 px tall of 1 px "capitals", stopped the search at its whiteness
    // before the looser one where the tile's name, one capital I, was whole ("name band low"
    // tuning seed 231).
    if (capitals.height < height * MIN_CAPITAL_SHARE) return null;
    if (capitals.stemShare < MIN_STEM_SHARE) return null;
    if (capitals.inkShare < MIN_BOLD_INK) return 'faint';
  }
  if (dark) {
    const paper = paperOf(img, source, l, threshold);
    if (paper.saturation > MAX_BODY_SATURATION || paper.brightness < 150) return null;
  }
  const score = nameLikeness(l, capitals.height, tile);
  return { line: l, source, dark, threshold, capitalHeight: capitals.height, score };
}

/**
 * A name of one bold capital I (the card "i"): a solid upright bar as tall as a name's capitals,
 * too narrow for MIN_NAME_WIDTH and one run of ink, alone across the tile at its height (`whole`
 * is the text line before it is cut to its centred span: a letter of a longer name is not alone).
 * It scores least of any name line, so it is only taken in a tile where nothing wider looks like a name.
 */
function isOneCapitalI(source: RgbImage, line: TextLine, tile: Rect, threshold: number): boolean {
  const height = line.bottom - line.top;
  return (
    height >= tile.height * CAPITAL_HEIGHT.min &&
    height <= tile.height * CAPITAL_HEIGHT.max &&
    isUprightBar(line) &&
    capitalsOf(source, line, threshold).inkShare >= 0.6
  );
}

/** A line no wider than 0.4 of its height: one upright stroke, as a capital I is. */
export function isUprightBar(line: TextLine): boolean {
  return line.right - line.left <= (line.bottom - line.top) * 0.4;
}

/**
 * How much a line looks like a name: its width times its capitals' height cubed. Height counts
 * thrice because the ability title under a short name is wider but smaller: "Ability of K2" is
 * 67 px wide with capitals of 7 px, K2 20 px with 12 px, and with height counted twice the title
 * won (name band high, seed 448). The capitals' height, not the box's, because the title's
 * ascenders and a name's brackets make a box taller than its letters. No more than a name's
 * height counts, so a band of art is not taken for a big name.
 */
function nameLikeness(line: TextLine, capitalHeight: number, tile: Rect): number {
  const height = Math.min(capitalHeight, tile.height * TALLEST_NAME);
  return (line.right - line.left) * height ** 3;
}

/**
 * The tile's candidate names, most name-like first: centred lines of light text, or of dark text on
 * a bright body; none when the tile has none. A name set on two lines is named by its lower line
 * (the caller joins the line above, as for a name at its usual place). The first is the tile's name
 * line; the next is looked at when the first and the usual place read no name.
 * Where no line of the tile is a name at the usual whiteness, lines are looked for at the looser
 * ones in turn: on a 523 px copy blurred 0.89 px, LEO and MEXICAN BEADED LIZARD were two rows of
 * their strokes' middles at 150, under a name's height, and the tiles had no line at all
 * ("restyled + small" unseen seed 39404). Such lines are faint (`isFaintLine`), as are lines found
 * at 150 and measured again looser, and their readings are weighed as those are.
 */
export function findNameLines(img: RgbImage, darkCopy: RgbImage, tile: Rect): NameLineCandidate[] {
  for (const threshold of [TEXT_LINE_THRESHOLD, ...LOOSER_NAME_LINE_THRESHOLDS]) {
    const candidates = [
      ...candidatesIn(img, img, false, tile, threshold),
      ...candidatesIn(img, darkCopy, true, tile, threshold),
    ];
    if (candidates.length > 0) return namesAmong(candidates);
  }
  return [];
}

/** The candidates as names, most name-like first, a name on two lines taken as one. */
function namesAmong(candidates: NameLineCandidate[]): NameLineCandidate[] {
  /**
   * The line right below `line` that is more of its name: as light or dark, close, of a name's
   * height. A lone upright bar is a whole name, the card "i", and no name's first line: on a
   * restyled tile the ability's title under it was taken for the second line of a name "I".
   */
  const nextLineOf = (line: NameLineCandidate): NameLineCandidate | undefined =>
    isUprightBar(line.line)
      ? undefined
      : candidates.find(
          (c) =>
            c.dark === line.dark &&
            c.line.top >= line.line.bottom &&
            withinNameLineGap(c.line.top - line.line.bottom, line.capitalHeight, 'below') &&
            c.capitalHeight >= line.capitalHeight * 0.7 &&
            c.capitalHeight <= line.capitalHeight * 1.4,
        );
  // A name set on two lines is one name, as name-like as its lines together: the game's smallest
  // font, on two lines, is no wider line for line than the bold ability title below it ("Ability of
  // Ludwig I of Ba", 114 px at capitals of 6, took the place of LUDWIG I OF BAVARIA AND / THERESE
  // OF SAXE-HILDBURGHAUSEN, 104 and 150 px at 6 and 5: art wide, tuning seed 336).
  const names = candidates
    .map((line) => {
      const next = nextLineOf(line);
      return { line, next, score: line.score + (next?.score ?? 0) };
    })
    // A line of bold ink at the usual whiteness is surer than one that is a name only at a looser
    // whiteness, where the grey edges of art pass too: it comes first, whatever their scores.
    .sort((a, b) => Number(isFaintLine(a.line)) - Number(isFaintLine(b.line)) || b.score - a.score);
  // A line already taken as part of a more name-like name is no other name.
  const taken = new Set<NameLineCandidate>();
  return names.flatMap(({ line, next }) => {
    if (taken.has(line) || (next && taken.has(next))) return [];
    taken.add(line);
    if (next) taken.add(next);
    return [next ?? line];
  });
}

/** The lines of smaller text than a name within two name heights above its top: its code's, labels. */
function smallerLinesAbove(source: RgbImage, tile: Rect, name: TextLine): TextLine[] {
  const height = name.bottom - name.top;
  const search = { left: tile.left, top: name.top - 2 * height, width: tile.width, height: 2 * height };
  return findTextLines(source, search).filter(
    (l) => !isCutByTop(l, search) && l.bottom - l.top >= height * 0.45 && l.bottom - l.top <= height * 0.9,
  );
}

/**
 * A card code on its own centred line right above the name (a restyle prints it there instead of
 * small at the right): a centred line of smaller text within two name heights above the name's
 * top. Null when there is none, as in the game's own tiles, whose code is right-aligned.
 */
export function centredCodeAbove(source: RgbImage, tile: Rect, name: TextLine): Rect | null {
  const tileCentre = tile.left + tile.width / 2;
  const line = smallerLinesAbove(source, tile, name)
    .map((l) => centredSpan(source, l, tileCentre, (l.bottom - l.top) * 1.2))
    .find(
      (l) =>
        l.right - l.left >= tile.width * MIN_NAME_WIDTH &&
        Math.abs((l.left + l.right) / 2 - tileCentre) <= tile.width * MAX_NAME_OFFSET,
    );
  if (!line) return null;
  const pad = line.bottom - line.top;
  return codeRow(line, line.left - pad, line.right + pad);
}

/** The rows a code is read in on its line, from `left` to `right`: half the line's height above and below it. */
export function codeRow(line: TextLine, left: number, right: number): Rect {
  const height = line.bottom - line.top;
  return { left, top: line.top - height / 2, width: right - left, height: 2 * height };
}

/**
 * The line of smaller text nearest above a name, the line a tile prints its code on (right-aligned,
 * the PROTECTED label at its left): its rows, even where the code itself is too faint to be ink
 * to the line finder. Null when there is none.
 */
export function codeLineAbove(source: RgbImage, tile: Rect, name: TextLine): TextLine | null {
  return smallerLinesAbove(source, tile, name).at(-1) ?? null;
}
