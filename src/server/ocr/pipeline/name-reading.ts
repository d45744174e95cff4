// Name heuristics: where a tile's name sits, and the crops read for it (and for its small printed
// code when the name is not enough).
import { CODE_CHARACTERS } from './code/deck-code';
import {
  INK_LOW,
  TEXT_LINE_THRESHOLD,
  capitalHeight,
  capitalsOf,
  centredSpan,
  clampRect,
  findTextLines,
  greyTextImage,
  grownRows,
  isCutByTop,
  paperTextImages,
  whiteTextImage,
  type TextLine,
} from './text-crops';
import {
  MIN_BOLD_INK,
  MIN_NAME_WIDTH,
  centredCodeAbove,
  codeLineAbove,
  codeRow,
  isUprightBar,
  nameSearchBand,
  type NameLineCandidate,
} from './name-lines';
import { roundHalfUp } from './round-half-up';
import { sharpenedCrop } from './sharpen';
import type { Rect, RgbImage } from './tile-grid';
import type { OcrJob, OcrResult } from '../runtime/worker-pool';
import {
  GAP_WHITENESS_STEP,
  LOOSER_NAME_LINE_THRESHOLDS,
  MAX_NAME_LINE_HEIGHT,
  MAX_NAME_SCALE,
  MIN_FOUND_NAME_HEIGHT,
  MIN_NAME_HEIGHT,
  NAME_SHARPEN_AMOUNT,
  STRICTER_NAME_LINE_THRESHOLDS,
  TARGET_TEXT_HEIGHT,
  withinNameLineGap,
} from './thresholds';
/**
 * Where things sit inside a card tile, as shares of the tile's size (same in every screen size,
 * since the game scales the tile as a whole). Measured on the game's share image.
 */
const TILE = {
  /** The band searched for the name's text lines: from below the rarity badge to the ability box. */
  nameSearch: { top: 0.655, bottom: 0.835 },
  /** Used when no text line is found: where a one-line name sits. */
  nameLine: { top: 0.735, bottom: 0.83 },
  /** A name's (last) line is centred about here. */
  nameCentre: 0.778,
  /** The small grey code, right-aligned above the name (higher when the name wraps). */
  code: { top: 0.62, bottom: 0.745, left: 0.52, right: 0.97 },
  /**
   * Where a code is looked for above a name found elsewhere, from the name's top up, in tile
   * heights: the usual code's box measured from the usual name's top (0.757), widened leftwards
   * to a code centred over the name and stopping short of the PROTECTED label at the left.
   */
  codeAboveName: { from: 0.137, to: 0.012, left: 0.35, right: 0.97 },
  /** Horizontal margins: the tile's frame. */
  inset: 0.03,
} as const;

function band(
  tile: Rect,
  top: number,
  bottom: number,
  left: number = TILE.inset,
  right: number = 1 - TILE.inset,
): Rect {
  return {
    left: tile.left + tile.width * left,
    top: tile.top + tile.height * top,
    width: tile.width * (right - left),
    height: tile.height * (bottom - top),
  };
}

/**
 * The whiteness a name's mask starts its ramp at, for a name whose lines were found at `threshold`:
 * as far below it as the mask's usual start is below the usual line threshold. A looser start for
 * a line found at the usual whiteness would make the grey art around the name ink too.
 */
const maskStartFor = (threshold: number): number => INK_LOW + threshold - TEXT_LINE_THRESHOLD;

/**
 * The lines of a tile's name, found at the first whiteness that leaves it no taller than a name,
 * and the whiteness the name's mask starts its ramp at (`maskStartFor`).
 */
function nameLines(img: RgbImage, tile: Rect): { lines: TextLine[]; inkLow: number } {
  const search = band(tile, TILE.nameSearch.top, TILE.nameSearch.bottom);
  const centre = tile.top + tile.height * TILE.nameCentre;
  const at = (threshold: number) => ({
    lines: nameLinesAt(img, tile, search, centre, threshold),
    inkLow: maskStartFor(threshold),
  });
  const fits = ({ lines }: { lines: TextLine[] }): boolean => {
    const last = lines[lines.length - 1];
    return !last || last.bottom - last.top <= tile.height * MAX_NAME_LINE_HEIGHT;
  };
  const usual = at(TEXT_LINE_THRESHOLD);
  const last = usual.lines.at(-1);
  const width = ({ lines }: { lines: TextLine[] }): number => (lines.at(-1)?.right ?? 0) - (lines.at(-1)?.left ?? 0);
  // A line found at the usual whiteness but too faint to be a bold name's is looked for at a looser
  // one too, and taken there when it reaches further: the smallest font of a 560 px JPEG is grey,
  // its letters break into pieces and the line was cut to its middle words (QUEEN VICTORIA AND
  // PRINCE ALBERT, JPEG seed 410: 40 px of its 104 at 150, all of it at 125). So is a line cut
  // narrower than any name: the pieces of LANDSCAPE, the second line of CARINA NEBULA LANDSCAPE
  // on a small tinted copy, left its centred span one column ("all at once" tuning seed 470, 522 px).
  // Of the looser whitenesses, the one whose line reaches furthest is taken: the middle letters of
  // OPISTHOTEUTHIS, blurred on a 512 px copy, were 1 px wide at 150 and 7 px at 125, and the whole
  // line at 100 ("all at once" unseen seed 39088); HYPERNOVA on a 527 px copy was no line at 150,
  // its right half at 125 (cut to 13 px of its 49 about the tile's centre), and whole at 100
  // ("all at once" tuning seed 235).
  const isTooNarrow = (line: TextLine): boolean => line.right - line.left < tile.width * MIN_NAME_WIDTH;
  const tooNarrow = last !== undefined && isTooNarrow(last);
  const tooFaint = last !== undefined && !tooNarrow && capitalsOf(img, last).inkShare < MIN_BOLD_INK;
  if (!last || tooNarrow || tooFaint) {
    let widest: ReturnType<typeof at> | undefined;
    for (const threshold of LOOSER_NAME_LINE_THRESHOLDS) {
      const looser = at(threshold);
      if (looser.lines.length === 0 || !fits(looser) || (last && width(looser) <= width(usual))) continue;
      if (!widest || width(looser) > width(widest)) widest = looser;
    }
    if (widest) return widest;
  }
  if (fits(usual)) return usual;
  for (const threshold of STRICTER_NAME_LINE_THRESHOLDS) {
    const stricter = at(threshold);
    if (fits(stricter)) return stricter;
  }
  return usual;
}

/**
 * The lines of a tile's name at one whiteness: the text line of `search` across height `centre`,
 * plus the line above it when the name wraps (and, with `lookBelow`, the line below it: the line
 * found may be a name's first). A line only counts when it looks like the same text: similar
 * height, close by, centred (the PROTECTED label is left-aligned, the code right-aligned and smaller).
 */
function nameLinesAt(
  img: RgbImage,
  tile: Rect,
  search: Rect,
  centre: number,
  threshold: number,
  { lookBelow = false, minHeight = MIN_NAME_HEIGHT } = {},
): TextLine[] {
  const tileCentre = tile.left + tile.width / 2;
  const lines = findTextLines(img, search, threshold)
    .filter((l) => l.bottom - l.top >= tile.height * minHeight)
    .map((l) => centredSpan(img, l, tileCentre, (l.bottom - l.top) * 1.2, threshold));
  const lastIndex = lines.findIndex((l) => l.top <= centre && l.bottom >= centre);
  if (lastIndex < 0) return [];
  const last = lines[lastIndex];
  const above = lines[lastIndex - 1];
  const capitals = (l: TextLine): number => capitalHeight(img, l, threshold);
  const height = capitals(last);
  const isCentred = (l: TextLine, { across }: { across: boolean }): boolean =>
    Math.abs((l.left + l.right) / 2 - tileCentre) < tile.width * 0.1 && (!across || l.middleCoverage > 0.3);
  const below = lookBelow ? lines[lastIndex + 1] : undefined;
  // The rows between two lines, each grown through the faint rows blur leaves at its edges
  // (GAP_WHITENESS_STEP looser): at 597 px, blurred, the mixed-case second line of Henry Highland
  // Garnet lost its G's top at the line's whiteness, and lay 6 px under its first line, where
  // 4 px is the most a name's line may lie from lines of 4 px capitals; grown, 4 px ("restyled +
  // small" unseen seed 39433).
  const gap = (other: TextLine, side: 'above' | 'below'): number => {
    const [upper, lower] = side === 'above' ? [other, last] : [last, other];
    const looser = threshold - GAP_WHITENESS_STEP;
    const upperBottom = grownRows(img, upper, looser, { top: upper.top, bottom: lower.top }).bottom;
    return grownRows(img, lower, looser, { top: upperBottom, bottom: lower.bottom }).top - upperBottom;
  };
  /** Whether a line beside the last one, with capitals within `min`-`max` of its own, is more of the name. */
  const continuesName = (
    other: TextLine | undefined,
    { min, max, side, across }: { min: number; max: number; side: 'above' | 'below'; across: boolean },
  ): boolean => {
    if (other === undefined || !withinNameLineGap(gap(other, side), height, side)) return false;
    // The rarity badge above a one-line name is centred too, but far narrower than a word.
    if (!isCentred(other, { across }) || other.right - other.left < tile.width * 0.2) return false;
    const otherCapitals = capitals(other);
    return otherCapitals >= height * min && otherCapitals <= height * max;
  };
  // A lone upright bar is a whole name, the card "i": the line under it is its ability's title.
  const loneBar = isUprightBar(last);
  // Brackets and descenders make a line taller than its capitals: "HASTINGS (1066)" under "BATTLE OF".
  // A line cut by the search's top is the foot of the art above, whatever its rows look like (the
  // bottom of HEIMDALL's art, desaturated, has rows as full as capitals: bench seed 321).
  const withAbove =
    !loneBar &&
    above &&
    !isCutByTop(above, search) &&
    continuesName(above, {
      min: 0.55,
      max: 1.4,
      side: 'above',
      across: true,
    });
  // Below a name lie no labels, only the ability's smaller text: a second line of words needs no
  // text across the tile's middle (small and blurred, LEAF-TAILED GECKO is ink in 0.23 of it).
  const withBelow =
    !loneBar &&
    below &&
    continuesName(below, {
      min: 0.7,
      max: 1.5,
      side: 'below',
      across: false,
    });
  return [...(withAbove ? [above] : []), last, ...(withBelow ? [below] : [])];
}

/** Where a tile's name is read: around the lines found (or at a one-line name's place), and at what scale. */
export interface NamePlace {
  /** The copy of the image the name is read in: the image itself, or its dark-text copy for dark names. */
  source: RgbImage;
  lines: TextLine[];
  /** Whiteness at which the name's mask starts to be ink. */
  inkLow: number;
  /**
   * Where the tile's small printed code is read, when the name is not enough, and the image whose
   * grey levels are read there: the image itself, also for a dark name, because a faint dark code
   * on a bright body stands out more from its paper in brightness than in the dark-text copy;
   * and whether the name, so its code too, is dark text on a bright body.
   */
  codes: { image: RgbImage; regions: Rect[]; onBrightBody?: boolean };
  region: Rect;
  lineHeight: number;
  scale: number;
}

/** The name's usual place: the line across the height a name sits at in the game's own tiles. */
export function namePlace(img: RgbImage, tile: Rect): NamePlace {
  const { lines, inkLow } = nameLines(img, tile);
  const usualCode = band(tile, TILE.code.top, TILE.code.bottom, TILE.code.left, TILE.code.right);
  // A centred line above the name may be a code a restyle moved there, or only the LIMITED CARD
  // badge of the game's own tiles: it is read beside the usual place, not instead of it.
  const centred = lines.length > 0 ? centredCodeAbove(img, tile, lines[0]) : null;
  return placeAround(img, tile, lines, inkLow, { image: img, regions: centred ? [usualCode, centred] : [usualCode] });
}

/**
 * The name at a line the tile's own lines put it (`findNameLines`), or null when there is no such
 * line or it is one of the usual place's (light text across the same height).
 */
export function foundNamePlace(
  img: RgbImage,
  tile: Rect,
  usual: NamePlace,
  found: NameLineCandidate | undefined,
): NamePlace | null {
  if (!found) return null;
  const centre = (found.line.top + found.line.bottom) / 2;
  // A light line the usual place reads, its first or its last, is read there with the other.
  if (!found.dark && usual.lines.some((l) => l.top <= centre && l.bottom >= centre)) return null;
  // The line found may be the first of two when the second is no name line to the finder: with
  // brackets and digits ("HASTINGS (1066)"), a JPEG's blur leaves its box less than a quarter ink.
  const lines = nameLinesAt(found.source, tile, nameSearchBand(tile), centre, found.threshold, {
    lookBelow: true,
    minHeight: MIN_FOUND_NAME_HEIGHT,
  });
  if (lines.length === 0) return null;
  const { from, to, left, right } = TILE.codeAboveName;
  const nameTop = (lines[0].top - tile.top) / tile.height;
  const above = band(tile, nameTop - from, nameTop - to, left, right);
  const centred = centredCodeAbove(found.source, tile, lines[0]);
  // The row of the line right above the name is read first: the band above also takes in the
  // rarity badge, whose dark and light set the grey crop's contrast, and a faint code on a bright
  // body was lost there (bright bodies, seed 405: OFF025 read as "NN", and the other Piranha taken).
  const codeLine = centred ? null : codeLineAbove(found.source, tile, lines[0]);
  const regions = centred
    ? [centred]
    : codeLine
      ? [codeRow(codeLine, above.left, above.left + above.width), above]
      : [above];
  return placeAround(found.source, tile, lines, maskStartFor(found.threshold), {
    image: img,
    regions,
    onBrightBody: found.dark,
  });
}

function placeAround(
  source: RgbImage,
  tile: Rect,
  lines: TextLine[],
  inkLow: number,
  codes: NamePlace['codes'],
): NamePlace {
  const pad = tile.height * 0.02;
  // Only the text's own width is read: tesseract's time grows with the pixels it is given, and a
  // short name is a third of the tile's width.
  const textLeft = Math.min(...lines.map((l) => l.left)) - 2 * pad;
  const textRight = Math.max(...lines.map((l) => l.right)) + 2 * pad;
  const region =
    lines.length > 0
      ? {
          left: textLeft,
          width: textRight - textLeft,
          top: lines[0].top - pad,
          height: lines[lines.length - 1].bottom - lines[0].top + 2 * pad,
        }
      : band(tile, TILE.nameLine.top, TILE.nameLine.bottom);
  // No line found: read as if the name were in the game's smallest (long-name) font.
  const lineHeight =
    lines.length > 0
      ? lines[lines.length - 1].bottom - lines[lines.length - 1].top
      : tile.height * MIN_NAME_HEIGHT * 1.2;
  const scale = Math.min(MAX_NAME_SCALE, Math.max(1.5, TARGET_TEXT_HEIGHT / lineHeight));
  return { source, lines, inkLow, codes, region, lineHeight, scale };
}

/**
 * A name's reading as a name: tesseract reads the one capital I of a place whose line is a lone
 * upright bar (the card "i", `name-lines.ts`) as "|". Anywhere else a "|" is a frame or art, and
 * one letter no name (below). Every reading of such a place is taken so, its second looks' too: on
 * a restyled tile the first look read "]", a second look "|", and art at the usual place fit a
 * card as poorly ("name band high" tuning seed 313).
 */
export function asNameText({ lines }: NamePlace, result: OcrResult): OcrResult {
  const isBar = lines.length === 1 && isUprightBar(lines[0]);
  const text = result.text.trim();
  if (isBar) return text === '|' ? { ...result, text: 'I' } : result;
  // One letter read anywhere else is a stroke of art or a letter cut out of a longer name, and no
  // reading of a name: it is the card "i" exactly, the only name of one letter. A second look at a
  // faint line of THE FOOL (XXII)'s art read "i" at OCR confidence 19, where the name read fit the
  // card at 0.66 ("all at once" tuning seed 234, 490 px).
  return /^\p{L}$/u.test(text) ? { ...result, text: '' } : result;
}

/**
 * The name's first look: its crop sharpened (`NAME_SHARPEN_AMOUNT`), then masked. The second looks
 * read it unsharpened: each breaks a garbled name another way, as agreeing readings must.
 */
export function nameJob({ source, lines, inkLow, region, scale }: NamePlace): OcrJob {
  const r = clampRect(source, region);
  const sharpened = sharpenedCrop(source, r, NAME_SHARPEN_AMOUNT);
  const image = whiteTextImage(sharpened, { left: 0, top: 0, width: r.width, height: r.height }, { scale, inkLow });
  return { image, mode: lines.length > 1 ? 'block' : 'line' };
}

/**
 * A look for the longer name a name read well may be the part of: the name's rows across the
 * tile's whole width, and the same a line higher, with the contrast stretched so the faintest text
 * is black. Blur, a dim or a grey screen make white text faint: the line finder then cuts a name
 * short at a wide-looking gap ("THE FOOL" of "THE FOOL (XXII)") or misses the first line of a name
 * that wraps.
 */
export function longerNameJobs(tile: Rect, place: NamePlace): OcrJob[] {
  const { wide, higher, big } = widerRegions(tile, place);
  const { source: img, lines, inkLow } = place;
  return [
    {
      image: whiteTextImage(img, wide, { scale: big, stretch: true, inkLow }),
      mode: lines.length > 1 ? 'block' : 'line',
    },
    { image: whiteTextImage(img, higher, { scale: big, stretch: true, inkLow }), mode: 'block' },
  ];
}

/** The name's rows across the tile's width, the same a line higher, and the scale they are read at. */
function widerRegions(tile: Rect, { region, lineHeight, scale }: NamePlace): { wide: Rect; higher: Rect; big: number } {
  const inner = band(tile, 0, 1);
  const wide = { ...region, left: inner.left, width: inner.width };
  const oneLineMore = lineHeight * 1.6;
  return {
    wide,
    higher: { ...wide, top: wide.top - oneLineMore, height: wide.height + oneLineMore },
    big: Math.min(6, scale * 1.5),
  };
}

/**
 * A second look at a name read poorly: the longer-name looks (`longerNameJobs`), and the name's
 * rows read as grey levels, where the mask's ink of a faint name comes out grey.
 */
export function secondNameJobs(tile: Rect, place: NamePlace): OcrJob[] {
  const { source: img, lines, inkLow, codes, region, lineHeight, scale } = place;
  const { wide, big } = widerRegions(tile, place);
  return [
    ...longerNameJobs(tile, place),
    { image: greyTextImage(img, wide, { scale: big }), mode: lines.length > 1 ? 'block' : 'line' },
    // The name's own crop with thinner stems, for the short one-line names a dropped letter
    // loses: the line model reads heavy upright strokes side by side as one letter ("vy" for IVY).
    ...(lines.length === 1
      ? [
          {
            image: whiteTextImage(img, region, { scale, inkLow, thin: thinning(scale * lineHeight) }),
            mode: 'line' as const,
          },
        ]
      : []),
    // A name found only at a looser whiteness (its mask starts below the usual INK_LOW) is also
    // looked at where the usual one would have guessed it: at 500 px the smallest font read better
    // there ("PUTIN CTOMA AND PICT ALSERT", Queen Victoria and Prince Albert 0.59 ahead of 0.34)
    // than around the looser line (0.49).
    ...(inkLow < INK_LOW ? secondNameJobs(tile, placeAround(img, tile, [], INK_LOW, codes)) : []),
  ];
}

/** Pixels taken off each side of a stem in a name scaled to `height` px: two at the usual 22. */
function thinning(height: number): number {
  return Math.max(1, roundHalfUp(height * 0.09));
}

/**
 * The code is small and faint, over art: it is read twice, as the image's grey levels and as a
 * pale-text mask of the copy the name was read in (on a bright body, dark: the dark-text copy,
 * where dark text is light); each reading alone finds the code about half the time, together
 * about three in four.
 */
export function codeCrops(tile: Rect, { source, codes }: NamePlace): OcrJob[] {
  const scale = Math.min(6, Math.max(2, (TARGET_TEXT_HEIGHT * 1.1) / (tile.height * 0.035)));
  const columns = band(tile, 0, 1, TILE.code.left, TILE.code.right);
  return codes.regions.flatMap((region): OcrJob[] => [
    { image: greyTextImage(codes.image, region, { scale }), mode: 'block', whitelist: CODE_CHARACTERS },
    { image: whiteTextImage(source, region, { scale, inkLow: 30 }), mode: 'block', whitelist: CODE_CHARACTERS },
    // On a bright body the code may be printed barely darker than its paper, where both crops
    // above lose it; it is read too as depth below the paper, in the columns the game's code
    // keeps (right-aligned): further left, the rarity badge's dark disc is read as letters.
    ...(codes.onBrightBody
      ? paperTextImages(codes.image, withinColumns(region, columns), { scale }).map((image) => ({
          image,
          mode: 'block' as const,
          whitelist: CODE_CHARACTERS,
        }))
      : []),
  ]);
}

/** `region` cut to the columns of `columns`. */
function withinColumns(region: Rect, columns: Rect): Rect {
  const left = Math.max(region.left, columns.left);
  const right = Math.min(region.left + region.width, columns.left + columns.width);
  return { ...region, left, width: Math.max(1, right - left) };
}
