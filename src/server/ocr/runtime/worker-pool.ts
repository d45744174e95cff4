/**
 * A fixed pool of tesseract.js workers, started and warmed once, shared by every read.
 *
 * Creating a worker costs 0.2–0.4 s and its first recognition is twice as slow as later ones, so a
 * server keeps workers alive and warm. Jobs wait in a bounded queue: a flood of uploads gets a quick
 * `OcrBusyError` instead of unbounded memory and latency.
 *
 * Nothing here can leave a caller waiting forever, whatever the workers do:
 * - every job has one deadline, counted from when it was queued; past it the job fails with
 *   `OcrTimeoutError` whether it was still waiting or running, and a worker still running it is
 *   terminated (a stuck WASM worker cannot be interrupted) and replaced;
 * - a worker whose thread ends by itself fails its job at once with `OcrWorkerLostError` and is
 *   replaced;
 * - a replacement that fails to start is retried with growing pauses and logged; while no worker
 *   runs and the last start failed, jobs fail at once with `OcrUnavailableError`.
 */
import os from 'node:os';
import {
  OcrBusyError,
  OcrCancelledError,
  OcrTimeoutError,
  OcrUnavailableError,
  OcrWorkerLostError,
} from '../ocr-errors';
import { startOcrWorker, WORKER_SCRIPT, type OcrJob, type OcrResult, type OcrWorker } from './ocr-worker';

export {
  OcrBusyError,
  OcrCancelledError,
  OcrTimeoutError,
  OcrUnavailableError,
  OcrWorkerLostError,
} from '../ocr-errors';
export {
  localLangPath,
  type OcrBox,
  type OcrJob,
  type OcrLine,
  type OcrResult,
  type OcrSymbol,
  type PageMode,
} from './ocr-worker';
export { withTimeout } from './time-limit';

export interface OcrPoolOptions {
  /** Number of workers; default min(2, cores): each worker keeps one core busy. */
  size?: number;
  /** Jobs allowed to wait beyond the running ones before new jobs are refused. */
  maxQueued?: number;
  /** Time limit of one job from when it is queued to its result, in ms. */
  jobTimeoutMs?: number;
  /** Time limit for starting (and warming) one worker, in ms. */
  startTimeoutMs?: number;
  /** First pause before retrying a worker that failed to start; it doubles up to `maxRestartDelayMs`. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** Entry script of the worker threads; a test wraps the real one to watch or break the threads. */
  workerScript?: string;
  /** Where lost workers and failed restarts are reported; default console.warn. */
  log?: (message: string) => void;
}

export interface RecognizeOptions {
  /** Aborting drops the batch's jobs still waiting and fails them with `OcrCancelledError`. */
  signal?: AbortSignal;
  /**
   * Run before the jobs already waiting (after other such batches): for a short step the rest of
   * a read waits on. Queued behind a deck's names, the header's line and its second looks ran last,
   * on one worker while the other stood idle.
   */
  first?: boolean;
}

export interface OcrPoolStats {
  /** Workers running and able to take jobs. */
  workers: number;
  /** Workers being started (replacements). */
  starting: number;
  /** Jobs running on a worker. */
  running: number;
  /** Jobs waiting for a worker. */
  queued: number;
  /** Workers replaced since the pool started. */
  replaced: number;
}

export interface OcrPool {
  readonly size: number;
  /**
   * Runs the jobs, all admitted or none: when the queue cannot take them all, rejects with
   * `OcrBusyError` without starting any, so one image is never half read. When one job fails the
   * batch's jobs still waiting are dropped.
   */
  recognizeAll(jobs: OcrJob[], options?: RecognizeOptions): Promise<OcrResult[]>;
  /** Number of jobs waiting for a worker. */
  queued(): number;
  stats(): OcrPoolStats;
  close(): Promise<void>;
}

/** What reading an image needs of a pool: its jobs run, and its size to plan them. */
export type OcrJobRunner = Pick<OcrPool, 'size' | 'recognizeAll'>;

/** Enough for a few images of 18 name and 18 code crops each beyond the ones running. */
const DEFAULT_MAX_QUEUED = 200;
const DEFAULT_JOB_TIMEOUT_MS = 15_000;
const DEFAULT_START_TIMEOUT_MS = 30_000;
const DEFAULT_RESTART_DELAY_MS = 250;
const DEFAULT_MAX_RESTART_DELAY_MS = 30_000;

interface Slot {
  worker: OcrWorker;
  task: Task | null;
  retired: boolean;
}

interface Batch {
  tasks: Task[];
}

interface Task {
  job: OcrJob;
  batch: Batch;
  first: boolean;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
  deadline: NodeJS.Timeout;
  slot: Slot | null;
  done: boolean;
}

const closedError = () => new Error('The OCR pool is closed.');

export async function createOcrPool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  const size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism()));
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const restartDelayMs = options.restartDelayMs ?? DEFAULT_RESTART_DELAY_MS;
  const maxRestartDelayMs = options.maxRestartDelayMs ?? DEFAULT_MAX_RESTART_DELAY_MS;
  const workerScript = options.workerScript ?? WORKER_SCRIPT;
  const log = options.log ?? ((message: string) => console.warn(message));

  // The first workers must all start: a server whose reader is broken from the outset says so.
  const started = await Promise.allSettled(
    Array.from({ length: size }, () => startOcrWorker(startTimeoutMs, workerScript)),
  );
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.terminate() : undefined)));
    throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  }

  const live = new Set<Slot>();
  const idle: Slot[] = [];
  const waiting: Task[] = [];
  let starting = 0;
  let failedStarts = 0;
  let retry: NodeJS.Timeout | null = null;
  let replaced = 0;
  let closed = false;

  function adopt(worker: OcrWorker): void {
    const slot: Slot = { worker, task: null, retired: false };
    worker.onUnexpectedExit((exitCode) => {
      if (slot.retired) return;
      log(`OCR worker thread ended by itself (exit code ${exitCode}); starting a replacement`);
      const task = slot.task;
      retire(slot);
      if (task) fail(task, new OcrWorkerLostError());
    });
    live.add(slot);
    idle.push(slot);
  }
  for (const s of started) adopt((s as PromiseFulfilledResult<OcrWorker>).value);

  function finish(task: Task, result: OcrResult): void {
    if (task.done) return;
    task.done = true;
    clearTimeout(task.deadline);
    task.resolve(result);
  }

  /** Fails the task and drops the rest of its batch still waiting: the caller gave up on it. */
  function fail(task: Task, error: Error): void {
    if (task.done) return;
    settleWithError(task, error);
    dropWaiting(task.batch, error);
  }

  function settleWithError(task: Task, error: Error): void {
    task.done = true;
    clearTimeout(task.deadline);
    const at = waiting.indexOf(task);
    if (at >= 0) waiting.splice(at, 1);
    task.reject(error);
  }

  function dropWaiting(batch: Batch, error: Error): void {
    for (const other of batch.tasks) if (!other.done && !other.slot) settleWithError(other, error);
  }

  /** Takes a worker out of service for good, and starts another in its place. */
  function retire(slot: Slot): void {
    if (slot.retired) return;
    slot.retired = true;
    slot.task = null;
    live.delete(slot);
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    void slot.worker.terminate();
    replenish();
  }

  /** Starts workers until the pool is full again; a failed start is retried after a growing pause. */
  function replenish(): void {
    while (!closed && retry === null && live.size + starting < size) {
      starting++;
      startOcrWorker(startTimeoutMs, workerScript).then(
        (worker) => {
          starting--;
          if (closed) return void worker.terminate();
          failedStarts = 0;
          replaced++;
          adopt(worker);
          dispatch();
        },
        (error: unknown) => {
          starting--;
          if (closed) return;
          failedStarts++;
          const delay = Math.min(maxRestartDelayMs, restartDelayMs * 2 ** (failedStarts - 1));
          log(
            `OCR worker failed to start (${error instanceof Error ? error.message : String(error)}); attempt ${failedStarts}, retrying in ${delay} ms`,
          );
          // With no worker left nothing would ever take the waiting jobs: fail them now, clearly.
          if (live.size === 0) for (const task of [...waiting]) fail(task, new OcrUnavailableError());
          if (retry === null) {
            retry = setTimeout(() => {
              retry = null;
              replenish();
            }, delay);
            retry.unref();
          }
        },
      );
    }
  }

  /** Hands waiting jobs to idle workers. */
  function dispatch(): void {
    while (!closed && idle.length > 0 && waiting.length > 0) {
      const slot = idle.pop() as Slot;
      const task = waiting.shift() as Task;
      task.slot = slot;
      slot.task = task;
      slot.worker.run(task.job).then(
        (result) => {
          if (slot.task !== task) return;
          slot.task = null;
          idle.push(slot);
          finish(task, result);
          dispatch();
        },
        (error: unknown) => {
          if (slot.task !== task) return;
          // The job failed (e.g. an image tesseract cannot decode); the worker answered, so it is fine.
          slot.task = null;
          idle.push(slot);
          fail(task, error instanceof Error ? error : new Error(String(error)));
          dispatch();
        },
      );
    }
  }

  function enqueue(job: OcrJob, batch: Batch, first: boolean): Promise<OcrResult> {
    return new Promise<OcrResult>((resolve, reject) => {
      const task: Task = {
        job,
        batch,
        first,
        resolve,
        reject,
        slot: null,
        done: false,
        deadline: undefined as unknown as NodeJS.Timeout,
      };
      task.deadline = setTimeout(() => {
        if (task.slot && task.slot.task === task) {
          log(`OCR job ran past ${jobTimeoutMs} ms; replacing its worker`);
          retire(task.slot);
        }
        fail(task, new OcrTimeoutError());
      }, jobTimeoutMs);
      batch.tasks.push(task);
      const behind = first ? waiting.findIndex((other) => !other.first) : -1;
      if (behind >= 0) waiting.splice(behind, 0, task);
      else waiting.push(task);
    });
  }

  return {
    size,
    recognizeAll(jobs, { signal, first = false } = {}) {
      if (closed) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(new OcrCancelledError());
      if (live.size === 0 && failedStarts > 0) return Promise.reject(new OcrUnavailableError());
      if (waiting.length + Math.max(0, jobs.length - idle.length) > maxQueued)
        return Promise.reject(new OcrBusyError());
      const batch: Batch = { tasks: [] };
      const results = jobs.map((job) => enqueue(job, batch, first));
      signal?.addEventListener('abort', () => dropWaiting(batch, new OcrCancelledError()), { once: true });
      dispatch();
      return Promise.all(results);
    },
    queued: () => waiting.length,
    stats: () => ({
      workers: live.size,
      starting,
      running: [...live].filter((slot) => slot.task !== null).length,
      queued: waiting.length,
      replaced,
    }),
    async close() {
      if (closed) return;
      closed = true;
      if (retry) clearTimeout(retry);
      const slots = [...live];
      for (const task of [...waiting, ...slots.flatMap((slot) => slot.task ?? [])]) fail(task, closedError());
      waiting.length = 0;
      idle.length = 0;
      live.clear();
      await Promise.all(
        slots.map((slot) => {
          slot.retired = true;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
