// The sample screenshot a new install offers: made from the site's own card list, and read back
// whole by the real reader, so upload → review → publish works before any real card list is imported.
import { describeEachDatabase } from '../../../test/support/test-app';
import { SAMPLE_SCREENSHOT_PATH } from '../../common/api/uploads';
import { listCatalog } from '../cards/card-store';
import { CatalogIndex } from '../ocr/catalog/catalog-index';
import { readDeckImage } from '../ocr/runtime/read-deck-image';
import { createOcrPool, type OcrPool } from '../ocr/runtime/worker-pool';
import { importRealCatalog } from '../../../test/support/images';

describeEachDatabase('sample screenshot', (ctx) => {
  test('is a 404 while the card list cannot fill a deck', async () => {
    const res = await ctx.app.inject({ url: SAMPLE_SCREENSHOT_PATH });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
  });

  describe('with the real card list', () => {
    let pool: OcrPool;
    beforeAll(async () => {
      await importRealCatalog(ctx.db);
      pool = await createOcrPool({ size: 2 });
    });
    afterAll(async () => {
      await pool?.close();
    });

    test('is a PNG whose 18 cards the reader finds in the catalog', async () => {
      const res = await ctx.app.inject({ url: SAMPLE_SCREENSHOT_PATH });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const catalog = await listCatalog(ctx.db);
      const reading = await readDeckImage(res.rawPayload, { pool, index: new CatalogIndex(catalog) });
      expect(reading.cards).toHaveLength(18);
      const codes = new Set(catalog.map((card) => card.code));
      for (const card of reading.cards) expect(codes.has(card.code)).toBe(true);
      expect(reading.deck_code).toMatch(/^[A-Z0-9]{6}$/);
    });

    test('is the same image until the catalog changes', async () => {
      const first = (await ctx.app.inject({ url: SAMPLE_SCREENSHOT_PATH })).rawPayload;
      expect((await ctx.app.inject({ url: SAMPLE_SCREENSHOT_PATH })).rawPayload.equals(first)).toBe(true);
      await ctx.db
        .deleteFrom('cards')
        .where(
          'code',
          'in',
          (await listCatalog(ctx.db)).slice(0, 200).map((card) => card.code),
        )
        .execute();
      expect((await ctx.app.inject({ url: SAMPLE_SCREENSHOT_PATH })).rawPayload.equals(first)).toBe(false);
    });
  });
});
