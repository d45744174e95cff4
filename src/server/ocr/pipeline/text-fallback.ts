/**
 * Reads card names anywhere in an image, for when no grid of a whole deck is found: a crop, an
 * unknown layout, two decks side by side. Never worse than reading the whole picture as text.
 *
 * The image's whiteness mask (names are white capitals) is read in horizontal strips: tesseract
 * segments a page about as tall as wide well, and a strip with no ink is skipped without a read.
 * Every line read is matched against the catalog; names come out strip by strip, line by line, each
 * with where it was read (the middle of its words' boxes, in image pixels), and the deck code from
 * a "DECK CODE:" line if there is one.
 */
import { nameKey, type CatalogIndex, type MatchResult } from '../catalog/catalog-index';
import { parseDeckCode } from './code/deck-code';
import { CROP_MARGIN, whiteTextImage, whiteness } from './text-crops';
import type { Rect, RgbImage } from './tile-grid';
import type { OcrBox, OcrJobRunner, OcrLine } from '../runtime/worker-pool';

/** Width the strips are read at: names of a 4-column grid come out ~20-30 px tall. */
const READ_WIDTH = 1400;
/** A strip's height as a multiple of the image width. */
const STRIP_ASPECT = 0.8;
/** Strips overlap by this share, so a name on a strip's edge is whole in one of them. */
const OVERLAP = 0.12;
/** At most this many strips are read: a taller image is read at a smaller scale. */
const MAX_STRIPS = 6;
/** A strip with less than this share of white pixels holds no names. */
const MIN_INK = 0.002;

function inkShare(img: RgbImage, r: Rect): number {
  let ink = 0;
  let seen = 0;
  for (let y = Math.round(r.top); y < Math.min(img.height, r.top + r.height); y += 2) {
    for (let x = 0; x < img.width; x += 2) {
      seen++;
      if (whiteness(img.data, (y * img.width + x) * 3) >= 150) ink++;
    }
  }
  return ink / Math.max(1, seen);
}

/** Horizontal strips covering the image, top to bottom. */
function strips(img: RgbImage): Rect[] {
  const height = Math.max(img.width * STRIP_ASPECT, img.height / MAX_STRIPS / (1 - OVERLAP));
  const step = height * (1 - OVERLAP);
  const found: Rect[] = [];
  for (let top = 0; top < img.height; top += step) {
    found.push({ left: 0, top, width: img.width, height: Math.min(height, img.height - top) });
    if (top + height >= img.height) break;
  }
  return found;
}

/** A card name found in the text, and the middle of the words it was read from, in image pixels. */
export interface PlacedMatch {
  match: MatchResult;
  at: { x: number; y: number };
}

/** A line read, with each word's box in image pixels. */
interface PlacedLine {
  text: string;
  words: Array<{ text: string; box: OcrBox }>;
}

/** A strip's lines with their words' boxes taken back from the upscaled crop to the image. */
function placeLines(lines: OcrLine[], strip: Rect, scale: number): PlacedLine[] {
  const back = (v: number, origin: number): number => origin + (v - CROP_MARGIN) / scale;
  return lines
    .filter((l) => l.text.trim())
    .map((l) => ({
      text: l.text.trim(),
      words: l.words.map((w) => ({
        text: w.text,
        box: {
          x0: back(w.x0, strip.left),
          x1: back(w.x1, strip.left),
          y0: back(w.y0, strip.top),
          y1: back(w.y1, strip.top),
        },
      })),
    }));
}

/**
 * The names in a line and where each was read: the middle of the boxes of the words its span
 * covers (the span counts `nameKey` words; each word read is as many of them as its own key holds).
 */
function namesIn(index: CatalogIndex, line: PlacedLine): PlacedMatch[] {
  const owner: number[] = [];
  line.words.forEach((w, i) => {
    for (const _ of nameKey(w.text).split(' ').filter(Boolean)) owner.push(i);
  });
  return index.namesInText(line.text).map(({ result, firstWord, words }) => {
    const boxes = owner.slice(firstWord, firstWord + words).map((i) => line.words[i].box);
    const spanned = boxes.length > 0 ? boxes : line.words.map((w) => w.box);
    const x0 = Math.min(...spanned.map((b) => b.x0));
    const x1 = Math.max(...spanned.map((b) => b.x1));
    const y0 = Math.min(...spanned.map((b) => b.y0));
    const y1 = Math.max(...spanned.map((b) => b.y1));
    return { match: result, at: { x: (x0 + x1) / 2, y: (y0 + y1) / 2 } };
  });
}

export async function readTextAnywhere(
  img: RgbImage,
  { pool, index }: { pool: OcrJobRunner; index: CatalogIndex },
): Promise<{ deck_code: string | null; found: PlacedMatch[] }> {
  const regions = strips(img).filter((r) => inkShare(img, r) >= MIN_INK);
  if (regions.length === 0) return { deck_code: null, found: [] };
  const scale = Math.min(2, READ_WIDTH / img.width);
  const jobs = regions.map((r) => ({
    image: whiteTextImage(img, r, { scale }),
    mode: 'auto' as const,
    withSymbols: true,
  }));
  const results = await pool.recognizeAll(jobs);
  const lines = results.flatMap((r, k) => placeLines(r.lines ?? [], regions[k], scale));
  const found: PlacedMatch[] = [];
  const seen = new Set<string>();
  const covered = (matches: PlacedMatch[]): number =>
    matches.reduce((n, m) => n + nameKey(m.match.best?.name ?? '').length, 0);
  for (let i = 0; i < lines.length; i++) {
    let matches = namesIn(index, lines[i]);
    // A long name wraps onto two lines on its tile: read with the next line, it may name more.
    if (i + 1 < lines.length) {
      const next = lines[i + 1];
      const joined = namesIn(index, {
        text: `${lines[i].text} ${next.text}`,
        words: [...lines[i].words, ...next.words],
      });
      if (covered(joined) > covered(matches) + covered(namesIn(index, next))) {
        matches = joined;
        i++;
      }
    }
    for (const placed of matches) {
      // Overlapping strips read a name twice: keep its first place.
      const key = placed.match.best?.name ?? '';
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(placed);
    }
  }
  return { deck_code: parseDeckCode(results.map((r) => r.text).join('\n')), found };
}
