// OCR as a job queue on a real Redis (TEST_REDIS_URL): POST /api/uploadimage/ on a web app whose
// reader is the queue, read by a worker in this process or by `npm run worker` as a child process;
// the site-wide bound answered 429; an uploader who stops waiting leaves nothing behind; with no
// worker alive (none started, or the only one killed) an upload is refused at once; a worker
// killed mid-read (SIGKILL) and another started: the upload is still answered, once, correctly.
// Each run uses a queue of its own, so runs sharing the Redis never take each other's jobs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildApp } from '../../app';
import { describeEachDatabase, json } from '../../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { expectedScreenshotDeck, formWith, importRealCatalog } from '../../../../test/support/images';
import { REAL_SCREENSHOT } from '../../../../test/support/real-data';
import { startChildWorker, type ChildWorker } from '../../../../test/support/child-worker';
import type { UploadImageResult } from '../../../common/api/uploads';
import { MESSAGES } from '../../../common/messages';
import { testDatabases } from '../../../../test/support/databases';
import { testRedisUrl } from '../../../../test/support/outside-programs';
import { OcrService } from './ocr-service';
import { QueuedReader, type QueuedReaderOptions } from './queued-reader';
import { admittedKey } from './read-queue';
import { HEARTBEAT_TTL_MS, countLiveWorkers, startWorkerHeartbeat, workersKey } from './worker-heartbeat';
import { startReadQueueWorker, type ReadQueueWorker } from './read-queue-worker';
import { createOcrPool, type OcrPool } from './worker-pool';

/** Empty without TEST_REDIS_URL: the suite below is then skipped. */
const REDIS_URL = testRedisUrl() ?? '';
const screenshot = fs.readFileSync(REAL_SCREENSHOT);
/**
 * The uploader's wait where a test kills a worker and starts another: two starts and a takeover can
 * take a loaded machine well over the default 20 s, and what is tested is that the job survives,
 * not how fast.
 */
const GENEROUS_READ_TIMEOUT_MS = 90_000;
/**
 * The tests with `npm run worker` as a child process run on one database, the last of the run
 * (PostgreSQL, which several instances share): what they prove (heartbeats, a job surviving its
 * worker) is the queue's behaviour in Redis, the same whatever database the worker reads the
 * catalog from, and each costs two worker starts.
 */
const CHILD_WORKER_DATABASE = testDatabases().at(-1)?.name;

// Skipped, with the run's one line saying so, when no Redis is given (TEST_REDIS_URL).
describe.runIf(REDIS_URL)('OCR through Redis', () => {
  /** One warm pool for the workers started in this process: starting tesseract is the slow part. */
  let pool: OcrPool;
  let redis: Redis;
  beforeAll(async () => {
    // What is read and answered is tested here, not how fast: a loaded machine must not turn reads into timeouts.
    pool = await createOcrPool({ size: 2, jobTimeoutMs: 120_000 });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await pool?.close();
    await redis?.quit();
  });

  describeEachDatabase('OCR on the job queue in Redis', (ctx) => {
    const queueName = `deckhub-ocr-test-${crypto.randomBytes(5).toString('hex')}`;
    let queue: Queue;
    let user: TestUser;
    const apps: FastifyInstance[] = [];
    const workers: ReadQueueWorker[] = [];
    const children: ChildWorker[] = [];

    beforeAll(async () => {
      queue = new Queue(queueName, { connection: { url: REDIS_URL } });
      await importRealCatalog(ctx.db);
      user = await buildUser(ctx.db);
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.close()));
      for (const c of children.splice(0)) c.child.kill('SIGKILL');
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await queue?.obliterate({ force: true });
      await queue?.close();
      await redis.del(admittedKey(queueName), workersKey(queueName));
    });

    /** A web app whose reader is the queue; its uploaders wait a minute (not 20 s) unless a test is about time limits. */
    async function webApp(options: Partial<QueuedReaderOptions> = {}): Promise<FastifyInstance> {
      const ocr = QueuedReader.connect({
        redisUrl: REDIS_URL,
        queueName,
        maxPendingReads: 8,
        readTimeoutMs: 60_000,
        log: { info: () => {}, warn: () => {} },
        ...options,
      });
      const app = await buildApp({ config: ctx.config, db: ctx.db, dialect: ctx.app.dialect, ocr });
      apps.push(app);
      return app;
    }
    const workerHere = async () =>
      workers.push(
        await startReadQueueWorker(OcrService.withPool(ctx.db, pool), {
          redisUrl: REDIS_URL,
          queueName,
          log: () => {},
        }),
      );
    const workerChild = async () => {
      const child = await startChildWorker({ ...ctx.childEnv, REDIS_URL, OCR_QUEUE: queueName });
      children.push(child);
      return child;
    };
    const upload = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/uploadimage/',
        headers: { cookie: user.cookie },
        payload: formWith({}, { bytes: screenshot, type: 'image/jpeg' }),
      });

    /** The share screenshot read right: its deck code and (nearly) all its cards. */
    function expectTheScreenshot(result: UploadImageResult): void {
      const expected = expectedScreenshotDeck();
      expect(result.deck_code).toBe(expected.deck_code);
      expect(result.cards).toEqual(result.detected.map((c) => c.name));
      expect(result.detected.filter((c, i) => c.code === expected.cards[i]?.code).length).toBeGreaterThanOrEqual(16);
    }

    test('an upload is read by a worker in this process and answered with its reading; nothing is left in Redis', async () => {
      const app = await webApp();
      await workerHere();
      const res = await upload(app);
      expect(res.statusCode).toBe(200);
      expectTheScreenshot(json<UploadImageResult>(res));
      expect(await redis.keys(`${queueName}:image:*`)).toEqual([]);
      expect(await redis.zcard(admittedKey(queueName))).toBe(0);
      expect(await queue.getJobCounts('waiting', 'active', 'completed', 'failed')).toEqual({
        waiting: 0,
        active: 0,
        completed: 1,
        failed: 0,
      });
    });

    test('with the queue at its bound, one more upload is answered 429 at once', async () => {
      const app = await webApp({ maxPendingReads: 1 });
      await workerHere();
      const first = upload(app);
      await vi.waitFor(async () => expect(await app.ocr?.isFull()).toBe(true), { timeout: 10_000, interval: 5 });
      const second = await upload(app);
      expect(second.statusCode).toBe(429);
      expect(json(second)).toEqual({
        error: 'Too Many Requests',
        message: 'The card reader is busy right now. Please try again in a minute.',
      });
      // The bound is the site's, not this instance's: another web instance is refused too.
      const other = await upload(await webApp({ maxPendingReads: 1 }));
      expect(other.statusCode).toBe(429);
      expect((await first).statusCode).toBe(200);
      expect(await app.ocr?.isFull()).toBe(false);
    });

    test('with no worker alive, an upload is refused at once, adding no job; the operator is told at start and then once a minute', async () => {
      const warnings: string[] = [];
      const infos: string[] = [];
      const log = { info: (message: string) => infos.push(message), warn: (message: string) => warnings.push(message) };
      const app = await webApp({ log });
      await app.ocr?.prepare();
      expect(warnings).toEqual([expect.stringContaining('`npm run worker`')]);
      const before = await queue.getJobCounts('waiting', 'active', 'completed', 'failed');
      for (let i = 0; i < 2; i++) {
        const res = await upload(app);
        expect(res.statusCode).toBe(503);
        expect(json(res)).toEqual({ error: 'Service Unavailable', message: MESSAGES.upload.readerNotRunning });
      }
      expect(await queue.getJobCounts('waiting', 'active', 'completed', 'failed')).toEqual(before);
      expect(await redis.keys(`${queueName}:image:*`)).toEqual([]);
      expect(await redis.zcard(admittedKey(queueName))).toBe(0);
      // The start-up warning counts as this minute's: the refusals add none.
      expect(warnings).toHaveLength(1);
      // A new instance (its own minute) refused an upload warns once more, naming the command to run.
      const other = await webApp({ log });
      expect((await upload(other)).statusCode).toBe(503);
      expect(warnings).toHaveLength(2);
      expect(warnings[1]).toMatch(/no OCR worker reads the queue .*`npm run worker`/);

      // A worker started: the same instance admits uploads again, and says so at start.
      await workerHere();
      expect((await upload(app)).statusCode).toBe(200);
      await app.ocr?.prepare();
      expect(infos).toEqual([`1 OCR worker reads the queue "${queueName}"`]);
      // Stopped on purpose, it is gone at once (no waiting for its heartbeat to run out).
      await workers.pop()?.close();
      expect(await countLiveWorkers(redis, queueName)).toBe(0);
      expect((await upload(app)).statusCode).toBe(503);
    });

    test('an uploader who stops waiting gets 503 and leaves no job, image or place behind', async () => {
      const app = await webApp({ readTimeoutMs: 300 });
      const before = await queue.getJobCounts('completed', 'failed');
      // A worker is alive (its heartbeat) but takes no job, as if busy with others: the job waits until the uploader's deadline.
      const heartbeat = await startWorkerHeartbeat(redis, queueName);
      const res = await upload(app).finally(() => heartbeat.stop());
      expect(res.statusCode).toBe(503);
      expect(json(res)).toEqual({
        error: 'Service Unavailable',
        message: 'Reading the image took too long. Please try again later.',
      });
      expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 0, active: 0 });
      expect(await queue.getJobCounts('completed', 'failed')).toEqual(before);
      expect(await redis.keys(`${queueName}:image:*`)).toEqual([]);
      expect(await redis.zcard(admittedKey(queueName))).toBe(0);
    });

    test("a read still running at its uploader's deadline is given up by the worker too, never completed for nobody", async () => {
      const app = await webApp({ readTimeoutMs: 600 });
      await workerHere();
      const completedBefore = await queue.getCompletedCount();
      // The worker's tesseract pool is busy with other reads (of this process, on the same pool), so
      // the job's crops wait behind several whole reads: still running at the deadline on any machine.
      const busy = Array.from({ length: 6 }, () => OcrService.withPool(ctx.db, pool).read(screenshot));
      const res = await upload(app);
      await Promise.all(busy);
      expect(res.statusCode).toBe(503);
      // The worker had the job: it ends by the same deadline, as a failure nobody waits for.
      await vi.waitFor(async () => expect(await queue.getJobCounts('active')).toEqual({ active: 0 }), {
        timeout: 5_000,
        interval: 20,
      });
      const [failed] = await queue.getFailed();
      expect(JSON.parse(failed.failedReason)).toMatchObject({ name: 'OcrTimeoutError' });
      expect(await queue.getCompletedCount()).toBe(completedBefore);
      expect(await redis.keys(`${queueName}:image:*`)).toEqual([]);
      expect(await redis.zcard(admittedKey(queueName))).toBe(0);
    });

    if (ctx.dbName === CHILD_WORKER_DATABASE) {
      test(
        '`npm run worker` as a child process reads an upload; killed mid-read (SIGKILL), it is soon taken for gone, and the upload it held is answered once, correctly, by the next',
        { timeout: 150_000 },
        async () => {
          const app = await webApp({ readTimeoutMs: GENEROUS_READ_TIMEOUT_MS });
          const failedBefore = await queue.getFailedCount();
          const started = Date.now();
          const first = await workerChild();
          const ready = Date.now();
          const res = await upload(app);
          expect(res.statusCode).toBe(200);
          expectTheScreenshot(json<UploadImageResult>(res));

          const reading = upload(app);
          // The child has taken the job: it is reading it now.
          await vi.waitFor(async () => expect(await queue.getActiveCount()).toBe(1), { timeout: 10_000, interval: 20 });
          const [held] = await queue.getActive();
          first.child.kill('SIGKILL');
          expect(await first.exited).toBe('SIGKILL');
          const killed = Date.now();
          // Its heartbeat runs out within the TTL: a new upload is refused at once, while the one it held waits for the next worker.
          await vi.waitFor(async () => expect(await countLiveWorkers(redis, queueName)).toBe(0), {
            timeout: HEARTBEAT_TTL_MS + 2_000,
            interval: 100,
          });
          const gone = Date.now();
          const refused = await upload(app);
          expect(refused.statusCode).toBe(503);
          expect(json(refused)).toEqual({ error: 'Service Unavailable', message: MESSAGES.upload.readerNotRunning });
          await workerChild();
          const second = Date.now();
          const answer = await reading;
          console.info(
            `worker child: started in ${ready - started} ms; taken for gone ${gone - killed} ms after the kill; the second started ${second - gone} ms later; the held upload answered ${Date.now() - killed} ms after the kill`,
          );
          expect(answer.statusCode).toBe(200);
          expectTheScreenshot(json<UploadImageResult>(answer));
          // The held upload: read twice (the first read was lost with its worker), completed once,
          // failed never. Its own job is looked at: on a loaded machine another test's job may
          // also have stalled once and been read again.
          const job = await queue.getJob(held.id!);
          expect(await job?.getState()).toBe('completed');
          expect(job?.attemptsStarted).toBe(2);
          expect(job?.stalledCounter).toBe(1);
          expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 0, active: 0 });
          expect(await queue.getFailedCount()).toBe(failedBefore);
        },
      );
    }
  });
});
