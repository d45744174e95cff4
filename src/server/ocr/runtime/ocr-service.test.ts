// The reader as the upload route uses it: its places are always given back, a stuck worker cannot
// keep it refusing uploads, and its catalog index follows renamed cards. On real worker threads
// (the breakable entry, test/support/breakable-worker-thread.mjs) and real databases.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { describeEachDatabase, json } from '../../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { formWith, importRealCatalog } from '../../../../test/support/images';
import { CATALOG_FILE, REAL_SCREENSHOT } from '../../../../test/support/real-data';
import { BREAKABLE_WORKER, setBreakFlag } from '../../../../test/support/breakable-ocr';
import { catalogVersion } from '../../cards/card-store';
import { importCards, parseCardList } from '../../cards/import-cards';
import { OcrService } from './ocr-service';
import { createOcrPool, type OcrPool } from './worker-pool';

const screenshot = fs.readFileSync(REAL_SCREENSHOT);

describeEachDatabase('OCR service', (ctx) => {
  let pool: OcrPool;
  let user: TestUser;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    // One worker whose job limit leaves a whole screenshot (37 jobs) time to be read on a busy machine.
    pool = await createOcrPool({
      size: 1,
      workerScript: BREAKABLE_WORKER,
      jobTimeoutMs: 10_000,
      restartDelayMs: 50,
      log: () => {},
    });
    await importRealCatalog(ctx.db);
    user = await buildUser(ctx.db);
  });
  afterAll(async () => {
    setBreakFlag('hang', false);
    await Promise.all(apps.map((app) => app.close()));
    await pool?.close();
  });

  async function appWith(ocr: OcrService): Promise<FastifyInstance> {
    const app = await buildApp({ config: ctx.config, db: ctx.db, dialect: ctx.app.dialect, ocr });
    apps.push(app);
    return app;
  }
  const upload = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/uploadimage/',
      headers: { cookie: user.cookie },
      payload: formWith({}, { bytes: screenshot, type: 'image/jpeg' }),
    });

  test('a stuck worker makes reads fail, never the reader stay full; once it is replaced, reads succeed again', async () => {
    const ocr = OcrService.withPool(ctx.db, pool, { maxPendingReads: 2, readTimeoutMs: 1_000 });
    const app = await appWith(ocr);
    setBreakFlag('hang', true);
    // More stuck reads than the reader has places (2), and than the 8 that used to lock it for good.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await upload(app);
      statuses.push(res.statusCode);
      expect(json(res)).toEqual({
        error: 'Service Unavailable',
        message: 'Reading the image took too long. Please try again later.',
      });
      // Each read gave its place back, and its jobs still waiting were dropped from the pool.
      expect(ocr.pendingReads).toBe(0);
      expect(pool.queued()).toBe(0);
    }
    expect(statuses).toEqual(Array(9).fill(503));
    expect(await ocr.isFull()).toBe(false);
    setBreakFlag('hang', false);
    // The stuck job's deadline ends it, and its worker is replaced. Waited for together: the pool
    // can stand idle a moment before the deadline replaces the worker (the nine reads above took
    // 11 s on a fast run, the deadline is 10 s from the first job), and then nothing was replaced yet.
    await vi.waitFor(
      () => {
        expect(pool.stats()).toMatchObject({ workers: 1, starting: 0, running: 0 });
        expect(pool.stats().replaced).toBeGreaterThanOrEqual(1);
      },
      { timeout: 30_000, interval: 50 },
    );
    // A whole screenshot takes longer than this reader's 1 s limit on one worker: read it with a
    // limit far beyond the usual one (a loaded CI machine is slow), on the same pool.
    const patient = OcrService.withPool(ctx.db, pool, { readTimeoutMs: 120_000 });
    const res = await upload(await appWith(patient));
    expect(res.statusCode).toBe(200);
    expect(json<{ cards: string[] }>(res).cards).toHaveLength(18);
    expect(patient.pendingReads).toBe(0);
  }, 90_000);

  test('the catalog version moves when a card is renamed or added, and not on an unchanged re-import', async () => {
    const catalog = parseCardList(fs.readFileSync(CATALOG_FILE, 'utf8'));
    const before = await catalogVersion(ctx.db);
    await importRealCatalog(ctx.db);
    expect(await catalogVersion(ctx.db)).toBe(before);
    const renamed = catalog.map((card, i) => (i === 0 ? { ...card, Name: `${card.Name} Renamed` } : card));
    await importCards(ctx.db, renamed);
    const afterRename = await catalogVersion(ctx.db);
    expect(afterRename).not.toBe(before);
    await importCards(ctx.db, [
      { Code: 'ZZTEST001', Name: 'A Card Added By The Test', Rarity: 'Common', Type: 'Limited Card' },
    ]);
    expect(await catalogVersion(ctx.db)).not.toBe(afterRename);
    await ctx.db.deleteFrom('cards').where('code', '=', 'ZZTEST001').execute();
    await importRealCatalog(ctx.db);
  });

  test('the reader follows a rename that keeps the card count: a name moved to another code is read as that code', async () => {
    const ocr = OcrService.withPool(ctx.db, pool);
    const first = (await ocr.read(screenshot)).cards[0];
    // Give the first card's name to another card and the first card another name: same count.
    const catalog = parseCardList(fs.readFileSync(CATALOG_FILE, 'utf8'));
    const names = new Map<string, number>();
    for (const card of catalog) names.set(card.Name, (names.get(card.Name) ?? 0) + 1);
    const other = catalog.find(
      (card) => card.Code !== first.code && names.get(card.Name) === 1 && !card.Name.includes(first.name),
    );
    if (!other) throw new Error('no card to swap with');
    const countBefore = await ctx.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await importCards(
      ctx.db,
      catalog.map((card) =>
        card.Code === first.code
          ? { ...card, Name: other.Name }
          : card.Code === other.Code
            ? { ...card, Name: first.name }
            : card,
      ),
    );
    const countAfter = await ctx.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
    try {
      const again = (await ocr.read(screenshot)).cards[0];
      expect(again).toMatchObject({ name: first.name, code: other.Code });
    } finally {
      await importRealCatalog(ctx.db);
    }
  }, 60_000);
});
