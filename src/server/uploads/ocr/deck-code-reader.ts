/**
 * Reads "DECK CODE: XXXXXX" from the header of a share image.
 *
 * The code is the header's last text line. Reading only that line is 3-4 times faster than the
 * whole header with its avatar art, and a character whitelist keeps "5" from becoming "S:". A deck
 * code is random characters, so O and 0 are told apart by shape (`fixZeros`), not by context.
 */
import { CODE_CHARACTERS, dropDoubleReads, fixZeros, parseDeckCode } from './deck-code';
import { findTextLines, whiteTextImage } from './text-crops';
import type { Rect, RgbImage } from './tile-grid';
import type { OcrJob, OcrResult } from './worker-pool';

/** The header's text is pale blue-grey rather than white: a lower whiteness makes it ink. */
const HEADER_INK_LOW = 30;
const HEADER_LINE_THRESHOLD = 100;
/**
 * Text height (px) the line is read at. Over 60 generated headers one reading at 26 px was right
 * 84 % of the time (22: 80 %, 30: 82 %, 40: 80 %), and a vote of 26/22/32 did not do better (82 %):
 * the misses are systematic, mostly a J that DejaVu Bold tucks under the letter before it, which
 * the line model never sees, at any size. So one reading.
 */
const LINE_TEXT_HEIGHT = 26;

export interface DeckCodePlan {
  job: OcrJob;
  /** The deck code in the job's result, or null. */
  decide(result: OcrResult): string | null;
  /** The job reads the whole header (no better line was found): reading it again finds nothing new. */
  wholeHeader: boolean;
}

/** The whole header, for when no text line is found or the last line held no code. */
export async function wholeHeaderPlan(img: RgbImage, header: Rect): Promise<DeckCodePlan> {
  const image = await whiteTextImage(img, header, { scale: 2, margin: 16, inkLow: HEADER_INK_LOW });
  return { job: { image, mode: 'block' }, decide: (r) => parseDeckCode(r.text), wholeHeader: true };
}

function codeOf(result: OcrResult): string | null {
  const read = parseDeckCode(result.text);
  if (!read || !result.symbols) return read;
  const { code, symbols } = dropDoubleReads(read, result.symbols);
  return fixZeros(code, symbols);
}

/** The header's last text line, read for the code; the whole header when no line is found. */
export async function planDeckCode(img: RgbImage, header: Rect, tileHeight: number): Promise<DeckCodePlan> {
  const lines = findTextLines(img, header, HEADER_LINE_THRESHOLD).filter((l) => l.bottom - l.top >= tileHeight * 0.03);
  const last = lines[lines.length - 1];
  if (!last) return wholeHeaderPlan(img, header);
  const lineHeight = last.bottom - last.top;
  const pad = tileHeight * 0.02;
  const region = { ...header, top: last.top - pad, height: lineHeight + 2 * pad };
  const scale = Math.min(5, Math.max(1, LINE_TEXT_HEIGHT / lineHeight));
  const image = await whiteTextImage(img, region, { scale, inkLow: HEADER_INK_LOW });
  return { job: { image, mode: 'line', whitelist: `${CODE_CHARACTERS}: `, withSymbols: true }, decide: codeOf, wholeHeader: false };
}
