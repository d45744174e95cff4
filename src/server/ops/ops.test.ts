// /healthz, /readyz and /metrics of the real server (createServer: database, in-process reader with
// one tesseract worker), on every database; Redis and the bucket as configured on loopback.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createServer, type RunningServer } from '../server';
import { startDeckReader } from '../ocr/deck-reader';
import { startWorkerHeartbeat } from '../ocr/runtime/worker-heartbeat';
import { testDatabases } from '../../../test/support/databases';
import { buildUser } from '../../../test/support/factories';
import { formWith, pngImage } from '../../../test/support/images';
import { startS3Server, type TestS3Server } from '../../../test/support/s3-server';

const TOKEN = 'metrics-token-for-the-test-0123';
const REDIS_URL = process.env.TEST_REDIS_URL;

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

for (const database of testDatabases()) {
  describe(`operations endpoints [${database.name}]`, () => {
    let handle: Awaited<ReturnType<typeof database.open>>;
    let server: RunningServer;
    let config: Config;

    beforeAll(async () => {
      handle = await database.open();
      config = { ...loadConfig({ ...handle.childEnv, METRICS_TOKEN: TOKEN }), seedDemo: false };
      server = await createServer(config, { ocr: { pool: { size: 1 } } });
    });
    afterAll(async () => {
      await server?.close();
      await handle?.close();
    });

    test('GET /healthz answers 200 while the process serves', async () => {
      const res = await get(server.app, '/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    test('GET /readyz is 200 when the database answers and a reader has a live worker', async () => {
      const res = await get(server.app, '/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', ocr: 'ok' } });
    });

    test('GET /readyz is 503 naming the reader when none runs, and the database when it does not answer', async () => {
      const other = await database.open();
      const app = await buildApp({
        config: { ...config, dataDir: other.dataDir },
        db: other.db,
        dialect: other.dialect,
        ocr: null,
      });
      try {
        let res = await get(app, '/readyz');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          error: 'Service Unavailable',
          checks: { database: 'ok', ocr: 'the screenshot reader is not running' },
        });
        expect(res.json().message).toBe('Not ready: ocr (the screenshot reader is not running)');
        await other.db.destroy();
        res = await get(app, '/readyz');
        expect(res.statusCode).toBe(503);
        expect(res.json().checks.database).not.toBe('ok');
        expect(res.json().message).toMatch(/^Not ready: database \(.+\), ocr/);
        // Liveness does not depend on the database.
        expect((await get(app, '/healthz')).statusCode).toBe(200);
      } finally {
        await app.close();
        await other.close().catch(() => {});
      }
    });

    test('GET /metrics: 404 without METRICS_TOKEN; 401 without or with a wrong bearer token', async () => {
      const app = await buildApp({
        config: { ...config, metricsToken: undefined },
        db: handle.db,
        dialect: handle.dialect,
      });
      try {
        expect((await get(app, '/metrics')).statusCode).toBe(404);
        expect((await get(app, '/metrics', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
      expect((await get(server.app, '/metrics')).statusCode).toBe(401);
      const wrong = await get(server.app, '/metrics', { authorization: `Bearer ${TOKEN}x` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ error: 'Unauthorized' });
      expect(wrong.body).not.toContain('http_request_duration_seconds');
    });

    test('GET /metrics with the token: request durations by route pattern and status, OCR reads, reader and pool gauges, event-loop lag', async () => {
      const deckId = randomBytes(12).toString('hex');
      expect((await get(server.app, `/api/decks/onedeck/${deckId}`)).statusCode).toBe(404);
      expect((await get(server.app, '/api/cards/')).statusCode).toBe(200);
      const user = await buildUser(handle.db);
      const upload = await server.app.inject({
        method: 'POST',
        url: '/api/uploadimage/',
        headers: { cookie: user.cookie },
        payload: formWith({}, { bytes: await pngImage(300, 400) }),
      });
      expect(upload.statusCode).toBe(200);

      const res = await get(server.app, '/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/decks\/onedeck\/:id",status_code="404"\} 1$/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/cards",status_code="200"\} \d+$/m,
      );
      expect(text).not.toContain(deckId);
      expect(text).toMatch(/^ocr_reads_total\{outcome="read"\} 1$/m);
      expect(text).toMatch(/^ocr_read_duration_seconds_count\{outcome="read"\} 1$/m);
      expect(text).toMatch(/^ocr_live_workers 1$/m);
      expect(text).toMatch(/^ocr_queue_depth 0$/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      if (database.name === 'postgres') {
        expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
        expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
        expect(text).toMatch(/^db_pool_waiting_queries 0$/m);
      } else {
        // SQLite has one connection in the process and no pool to watch.
        expect(text).not.toContain('db_pool_connections');
      }
    });
  });
}

describe('GET /readyz with the bucket configured', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close().catch(() => {});
  });

  test('names the bucket when it stops answering', async () => {
    const handle = await testDatabases()[0].open();
    const config = { ...loadConfig({}), dataDir: handle.dataDir, seedDemo: false, s3: await s3.newBucket() };
    const server = await createServer(config, { ocr: { pool: { size: 1 } } });
    try {
      let res = await get(server.app, '/readyz');
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', bucket: 'ok', ocr: 'ok' } });
      await s3.close();
      res = await get(server.app, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: 'ok', ocr: 'ok' });
      expect(res.json().checks.bucket).not.toBe('ok');
      expect(res.json().message).toMatch(/^Not ready: bucket \(/);
    } finally {
      await server.close();
      await handle.close();
    }
  });
});

/** A TCP relay to Redis on loopback that the test can cut (as if Redis went away under a running server) and restore. */
async function cuttableRelay(target: URL): Promise<{ url: string; cut(): void; restore(): void; close(): void }> {
  const sockets = new Set<net.Socket>();
  let down = false;
  const relay = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  const cut = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    restore: () => (down = false),
    close() {
      cut();
      relay.close();
    },
  };
}

/** Long enough for BullMQ's reconnection attempts to back off past 8 s (1 s each, then e^attempts ms). */
const OUTAGE_MS = 10_000;

describe.runIf(REDIS_URL)('GET /readyz and /metrics with REDIS_URL (the OCR queue)', () => {
  test('503 naming the reader until an npm run worker beats in Redis, then 200; 503 naming Redis once it stops answering; closes after a long outage', async () => {
    const handle = await testDatabases()[0].open();
    const ocrQueue = `ops-test-${randomUUID()}`;
    const relay = await cuttableRelay(new URL(REDIS_URL!));
    const config = {
      ...loadConfig({ REDIS_URL: relay.url, OCR_QUEUE: ocrQueue, METRICS_TOKEN: TOKEN }),
      dataDir: handle.dataDir,
      seedDemo: false,
    };
    const reader = await startDeckReader(handle.db, config);
    const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, ocr: reader });
    const redis = new Redis(REDIS_URL!);
    let heartbeat: Awaited<ReturnType<typeof startWorkerHeartbeat>> | undefined;
    try {
      let res = await get(app, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({
        database: 'ok',
        redis: 'ok',
        ocr: 'no npm run worker process reads the queue',
      });

      heartbeat = await startWorkerHeartbeat(redis, ocrQueue);
      res = await get(app, '/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'ok', redis: 'ok', ocr: 'ok' });
      const metrics = await get(app, '/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(metrics.body).toMatch(/^ocr_live_workers 1$/m);
      expect(metrics.body).toMatch(/^ocr_queue_depth 0$/m);

      relay.cut();
      const started = performance.now();
      res = await get(app, '/readyz');
      console.info(`/readyz with Redis gone answered in ${Math.round(performance.now() - started)} ms`);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe('ok');
      expect(res.json().checks.redis).not.toBe('ok');
      expect(res.json().message).toMatch(/^Not ready: redis \(.+\)/);
      // No upload can be read while the reader cannot reach Redis: no live worker.
      const cutMetrics = await get(app, '/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(cutMetrics.body).toMatch(/^ocr_live_workers 0$/m);

      // An outage this long grows BullMQ's reconnection backoff to 8-20 s; the shutdown below must
      // not wait for it (it did, and the test timed out).
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    } finally {
      // The queue's clients close cleanly only with Redis there.
      relay.restore();
      await heartbeat?.stop();
      redis.disconnect();
      await app.close();
      await reader.close();
      relay.close();
      await handle.close();
    }
  }, 60_000);
});
