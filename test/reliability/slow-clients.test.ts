// Slow-loris: a client that sends its headers or body a byte at a time must not hold a connection
// past the request timeout. The timeout is shortened here so the test takes seconds.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateToLatest, openDb, type DbHandle } from '../../src/server/db/connect';

const REQUEST_TIMEOUT_MS = 1_500;

/** Opens a socket, sends `head`, then one byte of `drip` every `everyMs`; resolves when the server closes it. */
function dribble(
  port: number,
  head: string,
  drip: string,
  everyMs: number,
): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (!socket.writable) return;
        socket.write(drip[i++ % drip.length]);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {}); // a reset is one way of being closed
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    // The test's own guard: the server never closed it.
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('the server kept the slow connection open'));
    }, 15_000).unref();
  });
}

describe('slow clients are cut off', () => {
  let app: FastifyInstance;
  let handle: DbHandle;
  let port: number;

  beforeAll(async () => {
    handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
    const config = { ...loadConfig({}), dataDir: '/nonexistent-deckhub-data', seedDemo: false };
    app = await buildApp({
      config,
      db: handle.db,
      dialect: handle.dialect,
      http: { requestTimeoutMs: REQUEST_TIMEOUT_MS, connectionTimeoutMs: 10_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  test('a body sent a byte at a time is cut off at the request timeout', { timeout: 20_000 }, async () => {
    const head =
      'POST /api/decks/search-decks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const { closedAfterMs, answer } = await dribble(port, head, '{"albums":[]}', 100);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test('headers sent a byte at a time are cut off too', { timeout: 20_000 }, async () => {
    const { closedAfterMs } = await dribble(
      port,
      'GET /api/cards/ HTTP/1.1\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
      100,
    );
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
  });

  test('meanwhile a normal client is answered at once', { timeout: 20_000 }, async () => {
    const slow = dribble(
      port,
      'POST /api/decks/search-decks HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n',
      'x',
      50,
    );
    const res = await fetch(`http://127.0.0.1:${port}/api/cards/`);
    expect(res.status).toBe(200);
    await slow;
  });
});
