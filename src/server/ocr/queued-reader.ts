/**
 * The deck reader of a web instance when REDIS_URL is set: every read is a job on the queue in
 * Redis (read-queue.ts), read by an `npm run worker` process, and the upload is answered when the
 * job is done.
 *
 * Admission is counted across the whole site, as OcrService counts it in one process: reads
 * admitted and not yet answered are members of one sorted set, scored by when their uploader stops
 * waiting. One Lua script drops the expired members, counts the rest and adds the new read, so two
 * instances can never both take the last place; an instance that dies mid-read holds its places
 * only until their deadline, never for good.
 *
 * A read's uploader waits until its deadline (below the server's 30 s request timeout). Past it the
 * answer is "took too long", the job is taken off the queue if no worker has it yet, and a worker
 * that takes it anyway skips it (its deadline has passed); a job being read ends by its own limit.
 * The image's key is deleted once the upload is answered; its time to live covers the rest.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { DeckReader } from './deck-reader';
import { OcrBusyError, OcrTimeoutError, OcrUnavailableError } from './ocr-errors';
import type { DeckReading } from './read-deck';
import { KEEP_FINISHED_SECONDS, admittedKey, errorFromFailure, imageKey, type ReadJobData } from './read-queue';
import { withTimeout } from './time-limit';

export interface QueuedReaderOptions {
  redisUrl: string;
  /** The queue's name (OCR_QUEUE): the workers read the same. */
  queueName: string;
  /** Reads admitted and not yet answered, across every web instance; one more is refused (OCR_QUEUE_LIMIT). */
  maxPendingReads: number;
  /** How long an uploader waits for the worker's answer (ms). */
  readTimeoutMs?: number;
}

/** Below the server's 30 s request timeout, so the client gets our message rather than a reset. */
const DEFAULT_READ_TIMEOUT_MS = 20_000;
/** An image's key (and a read's place) outlives the deadline by this much, then Redis drops it. */
const EXPIRY_MARGIN_MS = 5_000;

/** KEYS[1] the admitted set; ARGV: now, limit, read id, expiry. 1 when admitted, 0 when full. */
const ADMIT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
return 1`;

export class QueuedReader implements DeckReader {
  readonly description: string;

  private constructor(
    private readonly redis: Redis,
    private readonly queue: Queue<ReadJobData, DeckReading>,
    private readonly events: QueueEvents,
    private readonly queueName: string,
    private readonly maxPendingReads: number,
    private readonly readTimeoutMs: number,
  ) {
    this.description = `on the queue "${queueName}" in Redis, read by \`npm run worker\` processes (at most ${maxPendingReads} reads at once)`;
  }

  /** Connects to the queue; Redis may still be down (reads then fail as "not available"). */
  static connect(options: QueuedReaderOptions): QueuedReader {
    const { queueName } = options;
    const connection = { url: options.redisUrl };
    // Short retries: an upload while Redis is down is answered at once rather than at its deadline.
    // Outages are logged by the rate limits' connection to the same Redis (http/attempt-counters.ts)
    // and each upload they fail says so in its answer; these listeners only keep ioredis quiet.
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    redis.on('error', () => {});
    const queue = new Queue<ReadJobData, DeckReading>(queueName, { connection });
    queue.on('error', () => {});
    const events = new QueueEvents(queueName, { connection });
    events.on('error', () => {});
    return new QueuedReader(redis, queue, events, queueName, options.maxPendingReads, options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS);
  }

  async isFull(): Promise<boolean> {
    try {
      return (await this.redis.zcount(admittedKey(this.queueName), `(${Date.now()}`, '+inf')) >= this.maxPendingReads;
    } catch {
      // Redis is down: read() says so.
      return false;
    }
  }

  async read(image: Buffer): Promise<DeckReading> {
    const id = randomUUID();
    const deadline = Date.now() + this.readTimeoutMs;
    const expiry = deadline + EXPIRY_MARGIN_MS;
    const admitted = await this.redis.eval(ADMIT_SCRIPT, 1, admittedKey(this.queueName), Date.now(), this.maxPendingReads, id, expiry).catch(() => {
      throw new OcrUnavailableError();
    });
    if (admitted !== 1) throw new OcrBusyError();
    const key = imageKey(this.queueName, id);
    try {
      return await withTimeout(this.enqueueAndWait(id, { imageKey: key, deadline }, image, expiry), deadline - Date.now());
    } catch (error) {
      // Nobody waits for it any more: off the queue, unless a worker has it already.
      if (error instanceof OcrTimeoutError) await this.queue.remove(id).catch(() => {});
      throw error;
    } finally {
      await Promise.allSettled([this.redis.del(key), this.redis.zrem(admittedKey(this.queueName), id)]);
    }
  }

  private async enqueueAndWait(id: string, data: ReadJobData, image: Buffer, expiry: number): Promise<DeckReading> {
    let job;
    try {
      await this.redis.set(data.imageKey, image, 'PXAT', expiry);
      job = await this.queue.add('read', data, {
        jobId: id,
        // A read that failed is answered, not tried again; a worker that died is another matter
        // (read-queue.ts MAX_STALLED_COUNT).
        attempts: 1,
        removeOnComplete: { age: KEEP_FINISHED_SECONDS },
        removeOnFail: { age: KEEP_FINISHED_SECONDS },
      });
    } catch {
      throw new OcrUnavailableError();
    }
    try {
      // Its own time limit only cleans its listeners up, after ours (read()) has answered.
      return await job.waitUntilFinished(this.events, this.readTimeoutMs + 1_000);
    } catch (error) {
      throw errorFromFailure(error instanceof Error ? error.message : String(error));
    }
  }

  /** Waits (a few seconds at most) for the queue's event stream, so the first upload need not. */
  async prepare(): Promise<void> {
    await withTimeout(this.events.waitUntilReady(), 5_000).catch(() => {});
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    await this.redis.quit().catch(() => {});
  }
}
