/**
 * A fixed pool of tesseract.js workers, started and warmed once, shared by every read.
 *
 * Creating a worker costs 0.2–0.4 s and its first recognition is twice as slow as later ones, so a
 * server keeps workers alive and warm. Jobs wait in a bounded queue: a flood of uploads gets a quick
 * `OcrBusyError` instead of unbounded memory and latency. A job that runs past its time limit gets
 * `OcrTimeoutError` and its worker is replaced, since a stuck WASM worker cannot be interrupted.
 *
 * Language data comes from the local @tesseract.js-data/eng package: no network call, ever.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Tesseract from 'tesseract.js';
import sharp from 'sharp';

/** The queue is full: the caller should answer "try again later". */
export class OcrBusyError extends Error {
  constructor(message = 'The text reader is busy, try again later.') {
    super(message);
    this.name = 'OcrBusyError';
  }
}

/** A job (or the start of a worker) took longer than its time limit. */
export class OcrTimeoutError extends Error {
  constructor(message = 'Reading the image took too long.') {
    super(message);
    this.name = 'OcrTimeoutError';
  }
}

/** How tesseract should segment the image; values are tesseract's page segmentation modes. */
export type PageMode = 'auto' | 'block' | 'line' | 'word' | 'char';
const PAGE_SEG_MODE: Record<PageMode, string> = { auto: '3', block: '6', line: '7', word: '8', char: '10' };

export interface OcrJob {
  /** An image sharp and tesseract can decode (PNG preferred: lossless, fast to decode). */
  image: Buffer;
  mode: PageMode;
  /** Characters tesseract may output; empty for all. */
  whitelist?: string;
  /** Also return each character's box (costs a little: tesseract builds its full result tree). */
  withSymbols?: boolean;
}

/** One recognised character and its box in the job's image. */
export interface OcrSymbol {
  text: string;
  /** 0..100 */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0..100. */
  confidence: number;
  /** Characters in reading order, when the job asked for them. */
  symbols?: OcrSymbol[];
}

export interface OcrPoolOptions {
  /** Number of workers; default min(2, cores): each worker keeps one core busy. */
  size?: number;
  /** Jobs allowed to wait beyond the running ones before new jobs are refused. */
  maxQueued?: number;
  /** Time limit of one job once running, in ms. */
  jobTimeoutMs?: number;
  /** Time limit for starting (and warming) one worker, in ms. */
  startTimeoutMs?: number;
  /** Entry script of the worker threads; a test wraps the real one to watch inside the threads. */
  workerScript?: string;
}

export interface OcrPool {
  readonly size: number;
  /**
   * Runs the jobs, all admitted or none: when the queue cannot take them all, rejects with
   * `OcrBusyError` without starting any, so one image is never half read.
   */
  recognizeAll(jobs: OcrJob[]): Promise<OcrResult[]>;
  /** Number of jobs waiting for a worker. */
  queued(): number;
  close(): Promise<void>;
}

/** Enough for a few images of 18 name and 18 code crops each beyond the ones running. */
const DEFAULT_MAX_QUEUED = 200;
const DEFAULT_JOB_TIMEOUT_MS = 15_000;
const DEFAULT_START_TIMEOUT_MS = 30_000;

/**
 * The folder with eng.traineddata.gz. `best_int` is the integer LSTM model: as accurate as `best`
 * on printed text and faster than it.
 */
export function localLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * The promise's outcome, or `OcrTimeoutError` when it takes longer than `ms` (`onTimeout` is called
 * then). The promise keeps running; its later rejection is handled here, never left unhandled.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new OcrTimeoutError());
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface Slot {
  worker: Tesseract.Worker;
  /** The parameters last set on the worker, so they are only sent when they change. */
  params: string;
}

interface Pending {
  job: OcrJob;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
}

/** tesseract.js's own worker script, run at the lowest CPU priority: recognition yields the cores to the event loop. */
const WORKER_SCRIPT = fileURLToPath(new URL('./ocr-worker-thread.mjs', import.meta.url));

async function startWorker(timeoutMs: number, workerScript: string): Promise<Tesseract.Worker> {
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
    // With a bad path tesseract.js can hang forever; if it ever completes, do not leak it.
    void creating.then((w) => w.terminate()).catch(() => {});
  });
  // Crops carry no resolution; without a set one tesseract prints a warning on stdout for every
  // job (polluting the CLI's JSON) and guesses.
  await worker.setParameters({ user_defined_dpi: '300' });
  // The first recognition initialises lazily and is twice as slow: pay it now, not on a user.
  const warmUp = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#fff' } })
    .composite([{ input: Buffer.from('<svg width="120" height="40"><text x="6" y="28" font-size="22" font-family="sans-serif">WARM</text></svg>') }])
    .png()
    .toBuffer();
  await withTimeout(worker.recognize(warmUp), timeoutMs, () => void worker.terminate());
  return worker;
}

export async function createOcrPool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  const size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism()));
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const workerScript = options.workerScript ?? WORKER_SCRIPT;

  const started = await Promise.allSettled(Array.from({ length: size }, () => startWorker(startTimeoutMs, workerScript)));
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.terminate() : undefined)));
    throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  }
  const idle: Slot[] = started.map((s) => ({ worker: (s as PromiseFulfilledResult<Tesseract.Worker>).value, params: '' }));
  const busy = new Set<Slot>();
  const waiting: Pending[] = [];
  let closed = false;

  /**
   * Rejects once the pool is closed: its workers are terminated then, and tesseract.js, asked to
   * use a terminated worker, throws from inside a promise of its own that nobody handles (an
   * unhandled rejection ends the process).
   */
  function ensureOpen(): void {
    if (closed) throw new Error('The OCR pool is closed.');
  }

  async function run(slot: Slot, job: OcrJob): Promise<OcrResult> {
    const params = `${job.mode}|${job.whitelist ?? ''}`;
    if (slot.params !== params) {
      ensureOpen();
      await slot.worker.setParameters({
        tessedit_pageseg_mode: PAGE_SEG_MODE[job.mode] as Tesseract.PSM,
        tessedit_char_whitelist: job.whitelist ?? '',
      });
      slot.params = params;
    }
    ensureOpen();
    const { data } = await slot.worker.recognize(job.image, {}, { text: true, blocks: job.withSymbols === true });
    const result: OcrResult = { text: data.text, confidence: data.confidence };
    if (job.withSymbols) {
      result.symbols = (data.blocks ?? []).flatMap((b) =>
        b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.flatMap((w) => w.symbols.map((sym) => ({ text: sym.text, confidence: sym.confidence, ...sym.bbox }))))),
      );
    }
    return result;
  }

  /** Hands waiting jobs to idle workers. */
  function dispatch(): void {
    while (!closed && idle.length > 0 && waiting.length > 0) {
      const slot = idle.pop() as Slot;
      const pending = waiting.shift() as Pending;
      busy.add(slot);
      let timedOut = false;
      withTimeout(run(slot, pending.job), jobTimeoutMs, () => {
        timedOut = true;
      }).then(
        (result) => {
          release(slot);
          pending.resolve(result);
        },
        (error: Error) => {
          if (timedOut) replace(slot);
          else release(slot);
          pending.reject(error);
        },
      );
    }
  }

  function release(slot: Slot): void {
    busy.delete(slot);
    if (closed) return;
    idle.push(slot);
    dispatch();
  }

  /** A timed-out worker may still be computing: drop it and start a fresh one in its place. */
  function replace(slot: Slot): void {
    busy.delete(slot);
    void slot.worker.terminate().catch(() => {});
    if (closed) return;
    startWorker(startTimeoutMs, workerScript).then(
      (worker) => {
        if (closed) return void worker.terminate();
        idle.push({ worker, params: '' });
        dispatch();
      },
      () => {
        // Could not restart: the pool runs one worker short rather than failing every job.
      },
    );
  }

  return {
    size,
    recognizeAll(jobs) {
      if (closed) return Promise.reject(new Error('The OCR pool is closed.'));
      const freeNow = idle.length;
      if (waiting.length + Math.max(0, jobs.length - freeNow) > maxQueued) return Promise.reject(new OcrBusyError());
      const results = jobs.map(
        (job) => new Promise<OcrResult>((resolve, reject) => waiting.push({ job, resolve, reject })),
      );
      dispatch();
      return Promise.all(results);
    },
    queued: () => waiting.length,
    async close() {
      if (closed) return;
      closed = true;
      for (const pending of waiting.splice(0)) pending.reject(new Error('The OCR pool is closed.'));
      const all = [...idle.splice(0), ...busy];
      busy.clear();
      await Promise.all(all.map((slot) => slot.worker.terminate().catch(() => {})));
    },
  };
}
