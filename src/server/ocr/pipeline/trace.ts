// What each stage saw and decided, for `npm run ocr -- --trace DIR` (trace-files.ts writes it out):
// a misread is then explained from the crops and decisions, without a debugger. Stages record only
// when a trace is given, so a read without one costs nothing more.
import type { OcrJob, OcrJobRunner, OcrResult } from '../runtime/worker-pool';
import type { Rect, RgbImage } from './tile-grid';

export interface StageTrace {
  /** A region of the (located) image, as the stage saw it. */
  region(name: string, img: RgbImage, region?: Rect): void;
  /** A crop as tesseract gets it (a PGM buffer), with what tesseract read on it. */
  ocrCrop(name: string, job: OcrJob, result?: OcrResult): void;
  /** A decision, stored under `key` in the decisions JSON (a later note of the same key replaces it). */
  note(key: string, value: unknown): void;
}

/** A tile's name in a trace's files and decisions, counted from 1 in reading order: tile-01 … tile-18. */
export const tileName = (index: number): string => `tile-${String(index + 1).padStart(2, '0')}`;

/** What tesseract read, as the decisions JSON keeps it: text, confidence and per-character confidences. */
export function ocrSummary(result: OcrResult): object {
  return {
    text: result.text.trim(),
    confidence: result.confidence,
    ...(result.symbols ? { characters: result.symbols.map((s) => ({ char: s.text, confidence: s.confidence })) } : {}),
  };
}

/**
 * A pool that records every crop read through it under `prefix` (numbered in order): the deck-code
 * reader re-reads single characters through the pool it is given, so its per-character looks and
 * the alternatives tesseract gave them are traced without the reader knowing.
 */
export function tracedPool(pool: OcrJobRunner, trace: StageTrace, prefix: string): OcrJobRunner {
  let n = 0;
  return {
    size: pool.size,
    async recognizeAll(jobs, options) {
      const results = await pool.recognizeAll(jobs, options);
      jobs.forEach((job, i) => trace.ocrCrop(`${prefix}-${String(++n).padStart(2, '0')}`, job, results[i]));
      return results;
    },
  };
}
