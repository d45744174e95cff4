// What the upload route sees of the screenshot reader: one interface, two ways to read, chosen here
// once from the settings. Without Redis the reader lives in this process (OcrService: a warm
// tesseract pool and reader threads), as `npm start` needs nothing but Node. With REDIS_URL every
// read is a job on a queue in Redis (QueuedReader), read by `npm run worker` processes, so OCR
// no longer competes with page views inside the web process and its capacity grows apart from it.
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { HttpError } from '../http/errors';
import { MESSAGES } from '../../common/messages';
import { OcrImageError } from './pipeline/image-input';
import { OcrService, type OcrServiceOptions } from './runtime/ocr-service';
import { QueuedReader } from './runtime/queued-reader';
import type { DeckReader, ReaderLog } from './runtime/reader';
import {
  OcrBusyError,
  OcrCancelledError,
  OcrNotRunningError,
  OcrTimeoutError,
  OcrUnavailableError,
  OcrWorkerLostError,
} from './ocr-errors';

export type { DeckReader, ReaderLog, ReaderStatus } from './runtime/reader';

/** How a read ended, for the `ocr_reads_total` and `ocr_read_duration_seconds` metrics. */
export function readOutcome(error: unknown): string {
  if (error === null) return 'read';
  if (error instanceof OcrBusyError) return 'busy';
  if (error instanceof OcrTimeoutError || error instanceof OcrCancelledError) return 'timeout';
  if (error instanceof OcrWorkerLostError) return 'worker_lost';
  if (error instanceof OcrNotRunningError) return 'not_running';
  if (error instanceof OcrUnavailableError) return 'unavailable';
  if (error instanceof OcrImageError) return 'bad_image';
  return 'error';
}

/**
 * The reader the settings ask for: on the queue when REDIS_URL is set, in this process otherwise.
 * Either way an uploader waits at most OCR_READ_TIMEOUT_MS for the reading.
 */
export async function startDeckReader(
  db: Db,
  config: Config,
  options: OcrServiceOptions = {},
  log?: ReaderLog,
): Promise<DeckReader> {
  const readTimeoutMs = config.ocrReadTimeoutMs;
  if (config.redisUrl)
    return QueuedReader.connect({
      redisUrl: config.redisUrl,
      queueName: config.ocrQueue,
      maxPendingReads: config.ocrQueueLimit,
      readTimeoutMs,
      log,
    });
  return OcrService.start(db, { readTimeoutMs, ...options });
}

export const readerBusy = () => new HttpError(429, 'The card reader is busy right now. Please try again in a minute.');

/** The answer for a reader failure, or null when it is not one of the reader's own errors. */
export function ocrHttpError(error: unknown): HttpError | null {
  if (error instanceof OcrBusyError) return readerBusy();
  // A read given up is one that ran past its time, whichever part of it noticed first.
  if (error instanceof OcrTimeoutError || error instanceof OcrCancelledError)
    return new HttpError(503, 'Reading the image took too long. Please try again later.');
  if (error instanceof OcrWorkerLostError)
    return new HttpError(503, 'The card reader stopped while reading the image. Please try again.');
  if (error instanceof OcrNotRunningError) return new HttpError(503, MESSAGES.upload.readerNotRunning);
  if (error instanceof OcrUnavailableError)
    return new HttpError(503, 'The card reader is not available right now. Please try again later.');
  if (error instanceof OcrImageError) return new HttpError(400, `${MESSAGES.upload.invalidImage} ${error.message}`);
  return null;
}
