/**
 * Reads card names anywhere in an image, for when no grid of a whole deck is found: a crop, an
 * unknown layout, two decks side by side. Never worse than reading the whole picture as text.
 *
 * The image's whiteness mask (names are white capitals) is read in horizontal strips: tesseract
 * segments a page about as tall as wide well, and a strip with no ink is skipped without a read.
 * Every line read is matched against the catalog; names come out in reading order (strip by strip,
 * line by line), deck code from a "DECK CODE:" line if there is one.
 */
import { nameKey, type CatalogIndex, type MatchResult } from '../catalog/catalog-index';
import { parseDeckCode } from './code/deck-code';
import { whiteTextImage, whiteness } from './text-crops';
import type { Rect, RgbImage } from './tile-grid';
import type { OcrJobRunner } from '../runtime/worker-pool';

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

export async function readTextAnywhere(
  img: RgbImage,
  { pool, index }: { pool: OcrJobRunner; index: CatalogIndex },
): Promise<{ deck_code: string | null; found: MatchResult[] }> {
  const regions = strips(img).filter((r) => inkShare(img, r) >= MIN_INK);
  if (regions.length === 0) return { deck_code: null, found: [] };
  const scale = Math.min(2, READ_WIDTH / img.width);
  const jobs = regions.map((r) => ({ image: whiteTextImage(img, r, { scale }), mode: 'auto' as const }));
  const results = await pool.recognizeAll(jobs);
  const lines = results.flatMap((r) => r.text.split('\n')).filter((l) => l.trim());
  const found: MatchResult[] = [];
  const seen = new Set<string>();
  const namesIn = (text: string): MatchResult[] => index.findNamesInText(text);
  const covered = (matches: MatchResult[]): number =>
    matches.reduce((n, m) => n + nameKey(m.best?.name ?? '').length, 0);
  for (let i = 0; i < lines.length; i++) {
    let matches = namesIn(lines[i]);
    // A long name wraps onto two lines on its tile: read with the next line, it may name more.
    if (i + 1 < lines.length) {
      const joined = namesIn(`${lines[i]} ${lines[i + 1]}`);
      if (covered(joined) > covered(matches) + covered(namesIn(lines[i + 1]))) {
        matches = joined;
        i++;
      }
    }
    for (const match of matches) {
      // Overlapping strips read a name twice: keep its first place.
      const key = match.best?.name ?? '';
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(match);
    }
  }
  return { deck_code: parseDeckCode(results.map((r) => r.text).join('\n')), found };
}
