// Drives test/support/breakable-worker-thread.mjs: an OCR worker entry that really ends or blocks
// its thread on request, to prove the pool and the reader recover from it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OcrJob } from '../../src/server/ocr/runtime/worker-pool';

export const BREAKABLE_WORKER = fileURLToPath(new URL('./breakable-worker-thread.mjs', import.meta.url));

/** A file that, while it exists, makes every breakable thread of this process misbehave. */
export function breakFlagFile(name: 'refuse-start' | 'hang'): string {
  return path.join(os.tmpdir(), `deckhub-ocr-${name}-${process.pid}`);
}

export function setBreakFlag(name: 'refuse-start' | 'hang', on: boolean): void {
  if (on) fs.writeFileSync(breakFlagFile(name), '');
  else fs.rmSync(breakFlagFile(name), { force: true });
}

/** A job whose worker thread exits, throws or hangs as soon as it gets the job. */
export function breakingJob(image: Buffer, how: 'exit' | 'throw' | 'hang'): OcrJob {
  return { image, mode: 'line', whitelist: `BREAK:${how}` };
}
