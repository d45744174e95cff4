/**
 * Runs deck reads in worker threads, so no pixel of an upload is walked on the server's event loop
 * (a tall PNG once froze every request for seconds).
 *
 * A read happens in a reader thread; its crops go back to the main thread's OCR pool (shared by
 * all reads, bounded), and the reading comes back. The catalog index's cards are sent to a thread
 * once per index. A thread that dies fails its reads and is replaced on the next read.
 */
import os from 'node:os';
import { Worker, isMainThread } from 'node:worker_threads';
import type { CatalogIndex } from '../catalog/catalog-index';
import type { DeckReading, ReadDeckOptions } from '../pipeline/reading';
import { errorFromWire, errorToWire, type FromReader, type ToReader } from './reader-thread-messages';

const ENTRY = new URL('./reader-thread-entry.mjs', import.meta.url);
/** Reads are mostly OCR (in the pool); one or two threads keep up with it. */
const THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

const indexIds = new WeakMap<CatalogIndex, number>();
let nextIndexId = 1;
let nextReadId = 1;

interface Running {
  resolve: (reading: DeckReading) => void;
  reject: (error: Error) => void;
  options: ReadDeckOptions;
}

class ReaderThread {
  readonly worker: Worker;
  readonly running = new Map<number, Running>();
  /** Index ids whose cards this thread has. */
  private known = -1;
  dead = false;

  constructor() {
    this.worker = new Worker(ENTRY);
    this.worker.on('message', (message: FromReader) => this.onMessage(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the deck reader thread stopped (exit code ${code})`)));
    // After the listeners: a 'message' listener refs the thread's port again, and an idle thread
    // must not keep the process alive (a bench or script that closes its server would never end).
    this.worker.unref();
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const run of this.running.values()) run.reject(error);
    this.running.clear();
  }

  private onMessage(message: FromReader): void {
    const run = this.running.get(message.readId);
    if (!run) return;
    if (message.type === 'ocr') {
      // Structured cloning turns Buffers into plain byte arrays: the pool wants Buffers.
      const jobs = message.jobs.map((job) => ({
        ...job,
        image: Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength),
      }));
      run.options.pool.recognizeAll(jobs, { first: message.first }).then(
        (results) => this.post({ type: 'ocr-result', callId: message.callId, results }),
        (error: unknown) => this.post({ type: 'ocr-result', callId: message.callId, error: errorToWire(error) }),
      );
      return;
    }
    this.running.delete(message.readId);
    if (this.running.size === 0) this.worker.unref();
    if (message.type === 'done') run.resolve(message.reading);
    else run.reject(errorFromWire(message.error));
  }

  private post(message: ToReader): void {
    if (!this.dead) this.worker.postMessage(message);
  }

  read(image: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
    let indexId = indexIds.get(options.index);
    if (indexId === undefined) {
      indexId = nextIndexId++;
      indexIds.set(options.index, indexId);
    }
    const readId = nextReadId++;
    const sendCards = this.known !== indexId;
    this.known = indexId;
    return new Promise<DeckReading>((resolve, reject) => {
      this.running.set(readId, { resolve, reject, options });
      // Keeps the process alive while a read is in flight (an idle thread does not).
      this.worker.ref();
      this.post({
        type: 'read',
        readId,
        image: new Uint8Array(image),
        indexId,
        poolSize: options.pool.size,
        ...(sendCards ? { cards: options.index.cards } : {}),
      });
    });
  }
}

const threads: ReaderThread[] = [];

/** The least busy live reader thread, started when needed. */
function thread(): ReaderThread {
  for (let i = threads.length - 1; i >= 0; i--) if (threads[i].dead) threads.splice(i, 1);
  const idle = threads.find((t) => t.running.size === 0);
  if (idle) return idle;
  if (threads.length < THREADS) {
    const started = new ReaderThread();
    threads.push(started);
    return started;
  }
  return threads.reduce((a, b) => (b.running.size < a.running.size ? b : a));
}

export function readInReaderThread(image: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
  return thread().read(image, options);
}

/**
 * Starts the reader threads now: compiling the reader inside a thread takes a moment, which the
 * first upload should not wait for. Idle threads do not keep the process alive.
 */
export function startReaderThreads(): void {
  while (threads.length < THREADS) threads.push(new ReaderThread());
}

// The server's thread starts them as soon as the reader is loaded; a reader thread never does.
if (isMainThread) startReaderThreads();

/** Stops the reader threads (tests, shutdown); the next read starts new ones. */
export async function closeReaderThreads(): Promise<void> {
  const all = threads.splice(0);
  await Promise.all(all.map((t) => t.worker.terminate()));
}
