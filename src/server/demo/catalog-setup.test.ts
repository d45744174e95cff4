import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '../../../test/support/test-app';
import { CATALOG_FILE } from '../../../test/support/shared-data';
import { loadConfig } from '../config';
import { createServer } from '../server';
import { importCards } from '../cards/import-cards';
import { countCards } from '../cards/card-store';
import { catalogSummary, importCardsFile } from './catalog-setup';
import { demoCatalog } from './demo-catalog';

describeEachDatabase('catalog set-up', (ctx) => {
  test('tells a catalog of demo cards only from one with real cards, imported idempotently', async () => {
    expect(await catalogSummary(ctx.db)).toEqual({ cards: 0, demoOnly: false });
    await importCards(ctx.db, demoCatalog());
    expect(await catalogSummary(ctx.db)).toMatchObject({ demoOnly: true });
    await importCardsFile(ctx.db, CATALOG_FILE, ctx.app.log);
    const afterOnce = await countCards(ctx.db);
    await importCardsFile(ctx.db, CATALOG_FILE, ctx.app.log);
    expect(await countCards(ctx.db)).toBe(afterOnce);
    expect(await catalogSummary(ctx.db)).toEqual({ cards: afterOnce, demoOnly: false });
  });
});

test('CARDS_FILE is imported before the demo data, which then brings no demo cards', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-cards-file-'));
  const config = { ...loadConfig({ CARDS_FILE: CATALOG_FILE }), dataDir, seedDemo: true };
  const server = await createServer(config, { ocr: false });
  try {
    expect(await catalogSummary(server.handle.db)).toMatchObject({ demoOnly: false });
    expect(await countCards(server.handle.db)).toBeGreaterThan(4900);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
