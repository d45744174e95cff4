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
 * An upload is admitted only while some worker process beats (worker-heartbeat.ts): with none, it
 * is answered "not running" at once instead of waiting its whole deadline for nobody, and the
 * operator is told, at start and then at most once a minute, to start `npm run worker`. A read
 * admitted while a worker lived is not refused afterwards: if that worker dies, the next one reads it.
 *
 * A read's uploader waits until its deadline (OCR_READ_TIMEOUT_MS). Past it the
 * answer is "took too long", the job is taken off the queue if no worker has it yet, and a worker
 * that takes it anyway skips it (its deadline has passed); a job being read ends by its own limit.
 * The image's key is deleted once the upload is answered; its time to live covers the rest.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { DeckReader, ReaderLog, ReaderStatus } from './reader';
import { OcrBusyError, OcrNotRunningError, OcrTimeoutError, OcrUnavailableError } from '../ocr-errors';
import type { DeckReading } from '../pipeline/reading';
import { KEEP_FINISHED_SECONDS, admittedKey, errorFromFailure, imageKey, type ReadJobData } from './read-queue';
import { withTimeout } from './time-limit';
import { countLiveWorkers } from './worker-heartbeat';

export interface QueuedReaderOptions {
  redisUrl: string;
  /** The queue's name (OCR_QUEUE): the workers read the same. */
  queueName: string;
  /** Reads admitted and not yet answered, across every web instance; one more is refused (OCR_QUEUE_LIMIT). */
  maxPendingReads: number;
  /** How long an uploader waits for the worker's answer (ms; OCR_READ_TIMEOUT_MS). */
  readTimeoutMs?: number;
  /** Where to say whether a worker reads the queue (default: the console). */
  log?: ReaderLog;
}

/** OCR_READ_TIMEOUT_MS's default. */
const DEFAULT_READ_TIMEOUT_MS = 20_000;
/** An upload refused for want of a worker warns the operator at most this often (ms). */
const NO_WORKER_WARNING_INTERVAL_MS = 60_000;
const noWorkerWarning = (queueName: string) =>
  `no OCR worker reads the queue "${queueName}": uploads are answered "not running" until one does. Start one with \`npm run worker\` (same REDIS_URL, OCR_QUEUE and database)`;
/** An image's key (and a read's place) outlives the deadline by this much, then Redis drops it. */
const EXPIRY_MARGIN_MS = 5_000;
/** How long a shutdown lets the queue's clients close gracefully before cutting them. */
const GRACEFUL_CLOSE_MS = 2_000;

/** KEYS[1] the admitted set; ARGV: now, limit, read id, expiry. 1 when admitted, 0 when full. */
const ADMIT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
return 1`;

export class QueuedReader implements DeckReader {
  readonly description: string;
  /** When the operator was last told no worker runs (ms since the epoch). */
  private warnedAt = -Infinity;

  private constructor(
    private readonly redis: Redis,
    private readonly queue: Queue<ReadJobData, DeckReading>,
    private readonly events: QueueEvents,
    private readonly queueName: string,
    private readonly maxPendingReads: number,
    private readonly readTimeoutMs: number,
    private readonly log: ReaderLog,
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
    const log = options.log ?? {
      info: (message: string) => console.log(message),
      warn: (message: string) => console.warn(message),
    };
    return new QueuedReader(
      redis,
      queue,
      events,
      queueName,
      options.maxPendingReads,
      options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
      log,
    );
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
    if ((await this.liveWorkers()) === 0) {
      if (Date.now() - this.warnedAt >= NO_WORKER_WARNING_INTERVAL_MS) this.warnNoWorker();
      throw new OcrNotRunningError();
    }
    const id = randomUUID();
    const deadline = Date.now() + this.readTimeoutMs;
    const expiry = deadline + EXPIRY_MARGIN_MS;
    const admitted = await this.redis
      .eval(ADMIT_SCRIPT, 1, admittedKey(this.queueName), Date.now(), this.maxPendingReads, id, expiry)
      .catch(() => {
        throw new OcrUnavailableError();
      });
    if (admitted !== 1) throw new OcrBusyError();
    const key = imageKey(this.queueName, id);
    try {
      return await withTimeout(
        this.enqueueAndWait(id, { imageKey: key, deadline }, image, expiry),
        deadline - Date.now(),
      );
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

  async status(): Promise<ReaderStatus> {
    const [liveWorkers, pendingReads] = await Promise.all([
      countLiveWorkers(this.redis, this.queueName),
      this.redis.zcount(admittedKey(this.queueName), `(${Date.now()}`, '+inf'),
    ]);
    return { liveWorkers, pendingReads };
  }

  private async liveWorkers(): Promise<number> {
    return countLiveWorkers(this.redis, this.queueName).catch(() => {
      throw new OcrUnavailableError();
    });
  }

  private warnNoWorker(): void {
    this.warnedAt = Date.now();
    this.log.warn(noWorkerWarning(this.queueName));
  }

  /**
   * Waits (a few seconds at most) for the queue's event stream, so the first upload need not, and
   * says whether a worker reads the queue: a site started without one learns it from the start-up log.
   */
  async prepare(): Promise<void> {
    await withTimeout(this.events.waitUntilReady(), 5_000).catch(() => {});
    const workers = await this.liveWorkers().catch(() => null);
    if (workers === null)
      this.log.warn(
        `the OCR queue "${this.queueName}" cannot be reached in Redis: uploads are answered "not available" until it can`,
      );
    else if (workers === 0) this.warnNoWorker();
    else
      this.log.info(
        `${workers} OCR worker${workers === 1 ? '' : 's'} read${workers === 1 ? 's' : ''} the queue "${this.queueName}"`,
      );
  }

  async close(): Promise<void> {
    // A graceful close waits for Redis to answer QUIT. After an outage BullMQ's clients are in a
    // reconnection backoff that grows to 20 s, so a shutdown would wait that long: cut them instead.
    const graceful = Promise.allSettled([this.events.close(), this.queue.close()]);
    await withTimeout(graceful, GRACEFUL_CLOSE_MS).catch(() => {
      // Not awaited: a client cut while it waits to reconnect never reports its end (BullMQ's
      // notes on ioredis), but cutting it clears its retry timer, so nothing keeps the process up.
      for (const client of [this.events, this.queue]) client.disconnect().catch(() => {});
    });
    this.redis.disconnect();
  }
}
