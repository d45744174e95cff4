/**
 * The queue of screenshot reads in Redis, as both sides see it: web instances add jobs
 * (queued-reader.ts), `npm run worker` processes read them (read-queue-worker.ts). BullMQ keeps the
 * jobs; this module holds what the two sides must agree on.
 *
 * A job carries a key, not the image: the bytes sit under their own Redis key with a time to live
 * (binary, as uploaded, up to 10 MB; BullMQ would store job data as JSON, a third bigger in base64).
 * Bytes in Redis rather than a key of the image store because an uploaded screenshot is read before
 * anything is stored (the deck is published later, if at all), and so the queue works the same
 * whatever stores the images. The key outlives the job's deadline by a margin and is deleted by the
 * web instance once the upload is answered, so an image never outlives its read for long.
 */
import { errorFromWire, errorToWire } from './reader-thread-messages';
import { OcrWorkerLostError } from '../ocr-errors';

export interface ReadJobData {
  /** Redis key of the image's bytes. */
  imageKey: string;
  /** When the uploader stops waiting (ms since the epoch): a job past it is not read any more. */
  deadline: number;
}

export const imageKey = (queueName: string, jobId: string) => `${queueName}:image:${jobId}`;
/** The sorted set of reads admitted and not yet answered, scored by their deadline (queued-reader.ts). */
export const admittedKey = (queueName: string) => `${queueName}:admitted`;

/**
 * How fast a killed worker's job is taken over. A worker renews the lock of each job it runs every
 * LOCK_DURATION_MS / 2; a worker that dies stops renewing, and within LOCK_DURATION_MS +
 * STALLED_INTERVAL_MS (under 8 s) another worker's stalled check puts the job back in the queue.
 * The lock is renewed by the worker's event loop, which never walks pixels (reader threads do) nor
 * runs tesseract (worker threads do), so a live worker does not miss a renewal by seconds.
 */
export const LOCK_DURATION_MS = 5_000;
export const STALLED_INTERVAL_MS = 2_500;
/**
 * A job found stalled once goes back to the queue (read again by another worker); found stalled a
 * second time it fails, answered "the card reader stopped": one screenshot that kills every worker
 * reading it must not go round the workers for ever.
 */
export const MAX_STALLED_COUNT = 1;

/** Finished jobs are kept this long (s), for the web instance waiting on them, then dropped. */
export const KEEP_FINISHED_SECONDS = 120;

/** The failure a worker records, as the web side turns it back into the reader's own error. */
export function failureReason(error: unknown): string {
  return JSON.stringify(errorToWire(error));
}

/**
 * The reader's error from a job's failure. A failure recorded by BullMQ itself (the job stalled
 * twice, its lock lost) is a worker that stopped while reading.
 */
export function errorFromFailure(reason: string): Error {
  try {
    const wire = JSON.parse(reason) as { name?: unknown; message?: unknown };
    if (typeof wire.name === 'string' && typeof wire.message === 'string')
      return errorFromWire({ name: wire.name, message: wire.message });
  } catch {
    // not one of ours
  }
  return new OcrWorkerLostError();
}
