// Deckhub as several instances (scripts/cluster.ts): two web instances and an OCR worker as child
// processes, sharing PostgreSQL, Redis and an S3 bucket on a real S3 protocol server on loopback. An
// upload through one instance is read by the worker and published; the other serves its image,
// resized; a vote through one shows at once on the other; a worker killed mid-read loses no upload.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startCluster, type Cluster, type WebInstance } from '../../scripts/cluster';
import { migrateToLatest, openDb } from '../../src/server/db/connect';
import { SAMPLE_SCREENSHOT_PATH, type UploadImageResult } from '../../src/common/api/uploads';
import type { Deck } from '../../src/common/api/decks';
import { freePort } from '../support/child-server';
import { testPostgresUrl, testRedisUrl } from '../support/outside-programs';
import { buildUser, type TestUser } from '../support/factories';
import { formWith, importRealCatalog } from '../support/images';
import { objectsIn } from '../support/image-backends';
import { S3RVER_CREDENTIALS } from '../support/s3-server';
import { admittedKey } from '../../src/server/ocr/runtime/read-queue';
import { workersKey } from '../../src/server/ocr/runtime/worker-heartbeat';

/** Empty without TEST_POSTGRES_URL or TEST_REDIS_URL: the suite below is then skipped. */
const POSTGRES_URL = testPostgresUrl() ?? '';
const REDIS_URL = testRedisUrl() ?? '';
/**
 * The uploaders' wait (OCR_READ_TIMEOUT_MS), at the most the server allows rather than the default
 * 20 s: the kill test's uploads wait for a worker start and a takeover, which a loaded machine can
 * take well past 20 s, and what is tested is that no upload is lost, not how fast.
 */
const READ_TIMEOUT_MS = 55_000;

async function readScreenshot(
  web: WebInstance,
  cookie: string,
  image: Buffer,
): Promise<{ status: number; result: UploadImageResult }> {
  const res = await fetch(`${web.baseUrl}/api/uploadimage/`, {
    method: 'POST',
    headers: { cookie },
    body: formWith({}, { bytes: image }),
  });
  return { status: res.status, result: (await res.json()) as UploadImageResult };
}

const deckOn = async (web: WebInstance, id: string) =>
  (await (await fetch(`${web.baseUrl}/api/decks/onedeck/${id}`)).json()) as Deck;

// Skipped, with the run's one line for each, without PostgreSQL or Redis (REQUIRE_…=1 fails instead).
describe.runIf(POSTGRES_URL && REDIS_URL)('two web instances and an OCR worker on PostgreSQL, Redis and S3', () => {
  const runId = randomBytes(4).toString('hex');
  const database = `deckhub_cluster_${runId}`;
  const ocrQueue = `deckhub-ocr-cluster-${runId}`;
  let cluster: Cluster;
  let a: WebInstance;
  let b: WebInstance;
  let sample: Buffer;
  let author: TestUser;
  let voter: TestUser;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${database}`);
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.pathname = `/${database}`;
    // The catalog and two users, in place before the processes start (all at once: no demo seeding).
    const handle = openDb({ databaseUrl: databaseUrl.href });
    try {
      await migrateToLatest(handle.db);
      await importRealCatalog(handle.db);
      [author, voter] = [await buildUser(handle.db), await buildUser(handle.db)];
    } finally {
      await handle.close();
    }
    cluster = await startCluster({
      databaseUrl: databaseUrl.href,
      redisUrl: REDIS_URL,
      ports: [await freePort(), await freePort()],
      ocrQueue,
      seedDemo: false,
      env: { OCR_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS) },
    });
    [a, b] = cluster.web;
    sample = Buffer.from(await (await fetch(`${a.baseUrl}${SAMPLE_SCREENSHOT_PATH}`)).arrayBuffer());
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    const queue = new Queue(ocrQueue, { connection: { url: REDIS_URL } });
    await queue.obliterate({ force: true }).finally(() => queue.close());
    const redis = new Redis(REDIS_URL!);
    await redis.del(admittedKey(ocrQueue), workersKey(ocrQueue)).finally(() => redis.quit());
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 60_000);

  test('an upload through A is read by the worker and published; B serves its image resized; a vote through B shows at once on A', async () => {
    const read = await readScreenshot(a, author.cookie, sample);
    expect(read.status).toBe(200);
    expect(read.result.cards).toHaveLength(18);
    // Read by the worker, through the queue: the job is there, completed.
    const queue = new Queue(ocrQueue, { connection: { url: REDIS_URL } });
    expect(await queue.getCompletedCount().finally(() => queue.close())).toBe(1);

    const form = formWith(
      {
        title: 'Cluster deck',
        albums: JSON.stringify(['Space']),
        cards: JSON.stringify(read.result.cards),
        deckcode: read.result.deck_code ?? '',
      },
      { bytes: sample },
    );
    const published = await fetch(`${a.baseUrl}/api/decks/post/`, {
      method: 'POST',
      headers: { cookie: author.cookie },
      body: form,
    });
    expect(published.status).toBe(201);
    const deck = (await published.json()) as Deck;
    const key = deck.image.split('/').pop()!;

    const resized = await fetch(`${b.baseUrl}${deck.image.replace('/upload/', '/upload/w_400/')}`);
    expect(resized.status).toBe(200);
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
    });
    // Both copies are in the bucket, none in either instance's folder.
    const bucket = {
      bucket: cluster.s3.bucket,
      endpoint: cluster.s3.endpoint,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
    };
    expect((await objectsIn(bucket)).filter((object) => object.endsWith(key))).toEqual([key, `w_400/${key}`]);

    // A keeps the deck's answer in memory for 5 s: read it there first, so the vote must evict it.
    expect((await deckOn(a, deck._id)).score).toBe(0);
    const vote = await fetch(`${b.baseUrl}/api/decks/onedeck/${deck._id}`, {
      method: 'POST',
      headers: { cookie: voter.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ change: 'increase' }),
    });
    expect(vote.status).toBe(200);
    expect((await deckOn(a, deck._id)).score).toBe(1);
  });

  // Time for a worker start and the takeover, beyond the uploads' own wait.
  test(
    'the OCR worker killed in the middle of reading: another one reads the uploads, none is lost',
    { timeout: READ_TIMEOUT_MS + 30_000 },
    async () => {
      const queue = new Queue(ocrQueue, { connection: { url: REDIS_URL } });
      const redis = new Redis(REDIS_URL!);
      try {
        const uploads = [a, b].map((web) => readScreenshot(web, author.cookie, sample));
        // Both admitted while the worker lives (once it is gone, new uploads are refused) and one being read.
        await vi.waitFor(
          async () => {
            expect(await redis.zcard(admittedKey(ocrQueue))).toBe(2);
            expect(await queue.getActiveCount()).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 20 },
        );
        cluster.worker.kill('SIGKILL');
        expect(await cluster.worker.exited).toBe('SIGKILL');
        const killed = Date.now();
        await cluster.startWorker();
        console.info(`the second worker was ready ${Date.now() - killed} ms after the kill`);
        const started = Date.now();
        const answers = await Promise.all(uploads);
        console.info(`the uploads were answered ${Date.now() - started} ms after the second worker was ready`);
        for (const upload of answers) {
          expect(upload.status).toBe(200);
          expect(upload.result.cards).toHaveLength(18);
        }
        // The kill did land mid-read: a job the first worker held was read again, by the second.
        const completed = await queue.getCompleted();
        expect(completed.filter((job) => job.stalledCounter === 1 && job.attemptsStarted === 2).length).toBeGreaterThan(
          0,
        );
        expect(await queue.getJobCounts('waiting', 'active', 'failed')).toEqual({ waiting: 0, active: 0, failed: 0 });
      } finally {
        await queue.close();
        await redis.quit();
      }
    },
  );
});
