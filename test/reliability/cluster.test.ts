// Deckhub as several instances (scripts/cluster.ts): two web instances and an OCR worker as child
// processes, sharing PostgreSQL, Redis and an S3 bucket on a real S3 protocol server on loopback. An
// upload through one instance is read and published; the other serves its image, resized; a vote
// through one shows at once on the other; a worker killed mid-read loses no upload.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { startCluster, type Cluster, type WebInstance } from '../../scripts/cluster';
import { migrateToLatest, openDb } from '../../src/server/db/connect';
import { importCards } from '../../src/server/cards/import-cards';
import { demoCatalog } from '../../src/server/demo/demo-catalog';
import { SAMPLE_SCREENSHOT_PATH, type UploadImageResult } from '../../src/common/api/uploads';
import type { Deck } from '../../src/common/api/decks';
import { freePort } from '../support/child-server';
import { buildUser, type TestUser } from '../support/factories';
import { formWith } from '../support/images';
import { objectsIn } from '../support/image-backends';
import { S3RVER_CREDENTIALS } from '../support/s3-server';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

async function readScreenshot(web: WebInstance, cookie: string, image: Buffer): Promise<{ status: number; result: UploadImageResult }> {
  const res = await fetch(`${web.baseUrl}/api/uploadimage/`, { method: 'POST', headers: { cookie }, body: formWith({}, { bytes: image }) });
  return { status: res.status, result: (await res.json()) as UploadImageResult };
}

const deckOn = async (web: WebInstance, id: string) => (await (await fetch(`${web.baseUrl}/api/decks/onedeck/${id}`)).json()) as Deck;

describe('two web instances and an OCR worker on PostgreSQL, Redis and S3', () => {
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
    // A missing server fails the suite: several instances need exactly these two.
    if (!POSTGRES_URL || !REDIS_URL) throw new Error('TEST_POSTGRES_URL and TEST_REDIS_URL must be set: the instances share PostgreSQL and Redis');
    await admin(`CREATE DATABASE ${database}`);
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.pathname = `/${database}`;
    // The catalog and two users, in place before the processes start (all at once: no demo seeding).
    const handle = openDb({ databaseUrl: databaseUrl.href });
    try {
      await migrateToLatest(handle.db);
      await importCards(handle.db, demoCatalog());
      [author, voter] = [await buildUser(handle.db), await buildUser(handle.db)];
    } finally {
      await handle.close();
    }
    cluster = await startCluster({ databaseUrl: databaseUrl.href, redisUrl: REDIS_URL, ports: [await freePort(), await freePort()], ocrQueue, seedDemo: false });
    [a, b] = cluster.web;
    sample = Buffer.from(await (await fetch(`${a.baseUrl}${SAMPLE_SCREENSHOT_PATH}`)).arrayBuffer());
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 60_000);

  test('an upload through A is read and published; B serves its image resized; a vote through B shows at once on A', async () => {
    const read = await readScreenshot(a, author.cookie, sample);
    expect(read.status).toBe(200);
    expect(read.result.cards).toHaveLength(18);

    const form = formWith({ title: 'Cluster deck', albums: JSON.stringify(['Space']), cards: JSON.stringify(read.result.cards), deckcode: read.result.deck_code ?? '' }, { bytes: sample });
    const published = await fetch(`${a.baseUrl}/api/decks/post/`, { method: 'POST', headers: { cookie: author.cookie }, body: form });
    expect(published.status).toBe(201);
    const deck = (await published.json()) as Deck;
    const key = deck.image.split('/').pop()!;

    const resized = await fetch(`${b.baseUrl}${deck.image.replace('/upload/', '/upload/w_400/')}`);
    expect(resized.status).toBe(200);
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400 });
    // Both copies are in the bucket, none in either instance's folder.
    const bucket = { bucket: cluster.s3.bucket, endpoint: cluster.s3.endpoint, region: 'us-east-1', credentials: S3RVER_CREDENTIALS };
    expect((await objectsIn(bucket)).filter((object) => object.endsWith(key))).toEqual([key, `w_400/${key}`]);

    // A keeps the deck's answer in memory for 5 s: read it there first, so the vote must evict it.
    expect((await deckOn(a, deck._id)).score).toBe(0);
    const vote = await fetch(`${b.baseUrl}/api/decks/onedeck/${deck._id}`, { method: 'POST', headers: { cookie: voter.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ change: 'increase' }) });
    expect(vote.status).toBe(200);
    expect((await deckOn(a, deck._id)).score).toBe(1);
  });
});
