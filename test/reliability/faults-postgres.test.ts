// PostgreSQL going away under load and coming back: while it is down every request is answered
// 503 JSON (no hang, no crash), and once it is back requests succeed again without restarting our
// server. Runs against a private throwaway cluster (support/private-postgres.ts), never the shared one.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateToLatest, openDb, type DbHandle } from '../../src/server/db/connect';
import { buildDeck, buildUser } from '../support/factories';
import { freePort } from '../support/child-server';
import { createPrivatePostgres, privatePostgresAvailable, type PrivatePostgres } from '../support/private-postgres';

describe.skipIf(!privatePostgresAvailable())('PostgreSQL stopped and started under load', () => {
  let pgServer: PrivatePostgres;
  let handle: DbHandle;
  let app: FastifyInstance;
  let deckId: string;

  beforeAll(async () => {
    pgServer = createPrivatePostgres(await freePort());
    handle = openDb({ databaseUrl: pgServer.url });
    await migrateToLatest(handle.db);
    app = await buildApp({
      config: { ...loadConfig({}), dataDir: '/nonexistent-deckhub-data', seedDemo: false },
      db: handle.db,
      dialect: handle.dialect,
    });
    const user = await buildUser(handle.db);
    deckId = await buildDeck(handle.db, user.id);
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    pgServer?.destroy();
  });

  const load = () =>
    Promise.all([
      app.inject({ url: `/api/decks/onedeck/${deckId}` }),
      app.inject({ method: 'POST', url: '/api/decks/search-decks?page=1&limit=5', payload: { sortBy: 'score' } }),
      app.inject({ url: `/api/comments/get/${deckId}` }),
      app.inject({ url: '/api/cards/' }),
    ]);

  test('503 JSON while it is down, 200 again once it is back', { timeout: 90_000 }, async () => {
    for (const res of await load()) expect(res.statusCode).toBe(200);

    // Keep traffic flowing while the database stops.
    let stopping = true;
    const during = (async () => {
      const statuses: number[] = [];
      while (stopping) statuses.push(...(await load()).map((r) => r.statusCode));
      return statuses;
    })();
    pgServer.stop();
    await new Promise((r) => setTimeout(r, 300));
    stopping = false;
    const statusesDuringStop = await during;
    expect(
      statusesDuringStop.every((s) => s === 200 || s === 503),
      String(statusesDuringStop),
    ).toBe(true);

    const started = Date.now();
    const down = await load();
    // Fails fast: refused connections are not waited on.
    expect(Date.now() - started).toBeLessThan(6_000);
    for (const res of down.slice(0, 3)) {
      // The deck page may still come from the in-process cache; everything that asks the database is 503.
      if (res.statusCode === 200) continue;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Service Unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    expect(down[3].statusCode).toBe(503);

    pgServer.start();
    // Pooled connections broken by the restart are replaced; allow a few attempts.
    let ok = false;
    for (let attempt = 0; attempt < 20 && !ok; attempt++) {
      ok = (await load()).every((r) => r.statusCode === 200);
      if (!ok) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ok).toBe(true);
    for (const res of await load()) expect(res.statusCode).toBe(200);
    const vote = await app.inject({ url: `/api/decks/onedeck/${deckId}` });
    expect(vote.statusCode).toBe(200);
  });
});
