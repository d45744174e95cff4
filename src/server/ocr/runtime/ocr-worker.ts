/**
 * One tesseract.js worker: its thread, started and warmed, running one job at a time.
 *
 * The pool (worker-pool.ts) decides which worker runs what and when a worker is replaced; this
 * module only knows how to start one, run a job on it, and tell when its thread ended by itself.
 *
 * Language data comes from the local @tesseract.js-data/eng package: no network call, ever.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker as Thread } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import sharp from 'sharp';
import { withTimeout } from './time-limit';

/** How tesseract should segment the image; values are tesseract's page segmentation modes. */
export type PageMode = 'auto' | 'block' | 'line' | 'word' | 'char';
const PAGE_SEG_MODE: Record<PageMode, string> = { auto: '3', block: '6', line: '7', word: '8', char: '10' };

export interface OcrJob {
  /** An image file tesseract can decode: lossless, and quick to decode (the crops are binary PGM). */
  image: Buffer;
  mode: PageMode;
  /** Characters tesseract may output; empty for all. */
  whitelist?: string;
  /** Also return each character's box (costs a little: tesseract builds its full result tree). */
  withSymbols?: boolean;
}

/** A box in the job's image. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One recognised character and its box. */
export interface OcrSymbol extends OcrBox {
  text: string;
  /** 0..100 */
  confidence: number;
}

/** One recognised text line, its box and its words' boxes. */
export interface OcrLine extends OcrBox {
  text: string;
  words: Array<OcrBox & { text: string }>;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0..100. */
  confidence: number;
  /** Characters in reading order, when the job asked for them. */
  symbols?: OcrSymbol[];
  /** Text lines in reading order, when the job asked for symbols (they come from the same tree). */
  lines?: OcrLine[];
}

export interface OcrWorker {
  run(job: OcrJob): Promise<OcrResult>;
  /**
   * Calls `listener` once if the thread ends without being terminated here (it crashed or
   * exited): its running job will never answer.
   */
  onUnexpectedExit(listener: (exitCode: number) => void): void;
  /** Ends the thread; safe to call more than once and on a thread that already ended. */
  terminate(): Promise<void>;
}

/**
 * The folder with eng.traineddata.gz. `best_int` is the integer LSTM model: as accurate as `best`
 * on printed text and faster than it.
 */
export function localLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** tesseract.js's own worker script, run at the lowest CPU priority: recognition yields the cores to the event loop. */
export const WORKER_SCRIPT = fileURLToPath(new URL('./ocr-worker-thread.mjs', import.meta.url));

/**
 * The worker's thread. tesseract.js keeps it on the worker object without typing it; without it
 * (another tesseract.js version) a dead thread is still noticed, by its job's time limit.
 */
function threadOf(worker: Tesseract.Worker): Thread | null {
  const thread = (worker as unknown as { worker?: unknown }).worker;
  return thread && typeof (thread as Thread).once === 'function' ? (thread as Thread) : null;
}

async function warmUpImage(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 40, channels: 3, background: '#fff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="120" height="40"><text x="6" y="28" font-size="22" font-family="sans-serif">WARM</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** Starts and warms one worker; rejects (terminating whatever started) after `timeoutMs`. */
export async function startOcrWorker(timeoutMs: number, workerScript: string = WORKER_SCRIPT): Promise<OcrWorker> {
  const creating = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    workerPath: workerScript,
    langPath: localLangPath(),
    gzip: true,
    cacheMethod: 'none',
    // Without a handler tesseract.js throws from its message listener, which kills the process
    // when a job fails (e.g. an image it cannot decode). The job's promise still rejects.
    errorHandler: () => {},
  });
  const worker = await withTimeout(creating, timeoutMs, () => {
    // A thread that died while loading never answers; if it ever does, do not leak it.
    void creating.then((w) => w.terminate()).catch(() => {});
  });
  let terminated = false;
  let exitListener: ((exitCode: number) => void) | null = null;
  const thread = threadOf(worker);
  // Node throws an 'error' event nobody listens to from the main thread: one uncaught exception
  // in a tesseract thread would end the server. The 'exit' that follows is handled below.
  thread?.on('error', () => {});
  thread?.once('exit', (exitCode) => {
    if (!terminated) exitListener?.(exitCode);
  });
  let params = '';

  const terminate = async () => {
    if (terminated) return;
    terminated = true;
    await worker.terminate().catch(() => {});
  };

  const run = async (job: OcrJob): Promise<OcrResult> => {
    // tesseract.js, asked to use a terminated worker, throws from a promise nobody handles.
    const ensureRunning = () => {
      if (terminated) throw new Error('The OCR worker was terminated.');
    };
    const wanted = `${job.mode}|${job.whitelist ?? ''}`;
    if (params !== wanted) {
      ensureRunning();
      await worker.setParameters({
        tessedit_pageseg_mode: PAGE_SEG_MODE[job.mode] as Tesseract.PSM,
        tessedit_char_whitelist: job.whitelist ?? '',
      });
      params = wanted;
    }
    ensureRunning();
    const { data } = await worker.recognize(job.image, {}, { text: true, blocks: job.withSymbols === true });
    const result: OcrResult = { text: data.text, confidence: data.confidence };
    if (job.withSymbols) {
      const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      result.symbols = lines.flatMap((l) =>
        l.words.flatMap((w) => w.symbols.map((sym) => ({ text: sym.text, confidence: sym.confidence, ...sym.bbox }))),
      );
      result.lines = lines.map((l) => ({
        text: l.text,
        ...l.bbox,
        words: l.words.map((w) => ({ text: w.text, ...w.bbox })),
      }));
    }
    return result;
  };

  try {
    // Crops carry no resolution; without a set one tesseract prints a warning on stdout for every
    // job (polluting the CLI's JSON) and guesses. Its debug prints go to a file of its own in-memory
    // file system, not to the server's stderr: a blank line crop (a tile whose name band the read
    // found empty) dumped eleven lines of row statistics there, 18 times in 396 bench images.
    await withTimeout(worker.setParameters({ user_defined_dpi: '300', debug_file: '/dev/null' }), timeoutMs);
    // The first recognition initialises lazily and is twice as slow: pay it now, not on a user.
    await withTimeout(worker.recognize(await warmUpImage()), timeoutMs);
  } catch (error) {
    await terminate();
    throw error;
  }
  return {
    run,
    onUnexpectedExit(listener) {
      exitListener = listener;
    },
    terminate,
  };
}
