/**
 * The worker side of the read queue (read-queue.ts): takes read jobs from Redis and reads them with
 * this process's own OcrService (its warm tesseract pool and reader threads), against the catalog
 * of the same database the web instances use. OcrService checks the catalog's version at every read
 * and rebuilds its index when an import changed a card, so a worker follows the card list as the
 * web does.
 *
 * A job whose uploader has stopped waiting (its deadline passed, or its image is gone with it) is
 * failed without being read. A worker killed mid-read loses nothing: its job's lock runs out and
 * another worker reads it (read-queue.ts); if this one was only slow, BullMQ refuses its late
 * answer (the lock is no longer its), so a job is answered once.
 *
 * While it takes jobs the worker beats (worker-heartbeat.ts), so the web side admits uploads only
 * when some worker will read them.
 */
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { OcrService } from './ocr-service';
import { OcrTimeoutError } from '../ocr-errors';
import type { DeckReading } from '../pipeline/reading';
import { startWorkerHeartbeat } from './worker-heartbeat';
import {
  LOCK_DURATION_MS,
  MAX_STALLED_COUNT,
  STALLED_INTERVAL_MS,
  failureReason,
  type ReadJobData,
} from './read-queue';

export interface ReadQueueWorkerOptions {
  redisUrl: string;
  /** The queue's name (OCR_QUEUE), as the web instances use it. */
  queueName: string;
  /** Reads taken at once; default the pool's size (one read's crops already use every tesseract thread). */
  concurrency?: number;
  log?: (message: string) => void;
}

export interface ReadQueueWorker {
  /** Stops beating and taking jobs at once, then waits for the ones being read. */
  close(): Promise<void>;
}

/** Starts taking jobs; resolves once the worker is connected and its first heartbeat is in Redis. */
export async function startReadQueueWorker(ocr: OcrService, options: ReadQueueWorkerOptions): Promise<ReadQueueWorker> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', () => {});

  async function read(job: Job<ReadJobData, DeckReading>): Promise<DeckReading> {
    const remainingMs = job.data.deadline - Date.now();
    // Its uploader has been answered "took too long" already: nobody would see this reading.
    if (remainingMs <= 0) throw new OcrTimeoutError();
    const image = await redis.getBuffer(job.data.imageKey);
    if (!image) throw new OcrTimeoutError();
    return ocr.read(image, { timeoutMs: remainingMs });
  }

  const worker = new Worker<ReadJobData, DeckReading>(
    options.queueName,
    async (job) => {
      try {
        return await read(job);
      } catch (error) {
        // Recorded as the job's failure, for the web side to turn back into the reader's error.
        throw new Error(failureReason(error), { cause: error });
      }
    },
    {
      connection: { url: options.redisUrl },
      concurrency: options.concurrency ?? ocr.poolSize,
      lockDuration: LOCK_DURATION_MS,
      stalledInterval: STALLED_INTERVAL_MS,
      maxStalledCount: MAX_STALLED_COUNT,
    },
  );
  worker.on('error', (error) => log(`OCR queue worker: ${error.message}`));
  worker.on('stalled', (jobId) => log(`OCR queue worker: job ${jobId} stalled (its worker stopped); reading it again`));
  await worker.waitUntilReady();
  const heartbeat = await startWorkerHeartbeat(redis, options.queueName);
  return {
    async close() {
      // Gone for the web side first: a worker draining its reads takes no new ones.
      await heartbeat.stop();
      await worker.close();
      await redis.quit().catch(() => {});
    },
  };
}
