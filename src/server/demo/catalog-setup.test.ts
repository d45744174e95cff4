import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '../../../test/support/test-app';
import { CATALOG_FILE } from '../../../test/support/real-data';
import { collectionCodeOf, findCollection } from '../../common/game';
import { loadConfig } from '../config';
import { createServer } from '../server';
import { countCards, listCatalog } from '../cards/card-store';
import { BUNDLED_CARDS_FILE, setUpCatalog } from './catalog-setup';

const SHIPPED_CARDS = JSON.parse(fs.readFileSync(BUNDLED_CARDS_FILE, 'utf8')) as unknown[];

describeEachDatabase('catalog set-up', (ctx) => {
  test('an empty catalog gets the shipped card list; a catalog with cards is left as it is', async () => {
    await setUpCatalog(ctx.db, undefined, ctx.app.log);
    const shipped = await countCards(ctx.db);
    // 5,005 rows, 5 of them codes listed twice.
    expect(shipped).toBe(SHIPPED_CARDS.length - 5);
    const gone = (await listCatalog(ctx.db)).slice(0, 10).map((card) => card.code);
    await ctx.db.deleteFrom('cards').where('code', 'in', gone).execute();
    await setUpCatalog(ctx.db, undefined, ctx.app.log);
    expect(await countCards(ctx.db)).toBe(shipped - 10);
  });

  test('a named card list is imported at every start, idempotently', async () => {
    await setUpCatalog(ctx.db, CATALOG_FILE, ctx.app.log);
    const afterOnce = await countCards(ctx.db);
    await ctx.db.deleteFrom('cards').where('code', '=', 'ACAL001').execute();
    await setUpCatalog(ctx.db, CATALOG_FILE, ctx.app.log);
    expect(await countCards(ctx.db)).toBe(afterOnce);
  });
});

describe('a first start', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-catalog-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test('with no CARDS_FILE loads the real card list and builds the demo decks from it', async () => {
    const server = await createServer({ ...loadConfig({}), dataDir, seedDemo: true }, { ocr: false });
    try {
      const db = server.handle.db;
      expect(await countCards(db)).toBe(SHIPPED_CARDS.length - 5);
      const deckCards = await db
        .selectFrom('deck_cards')
        .innerJoin('cards', 'cards.code', 'deck_cards.card_code')
        .select(['deck_cards.card_name', 'cards.name'])
        .execute();
      expect(deckCards.length).toBeGreaterThanOrEqual(60 * 18);
      for (const card of deckCards) expect(card.card_name).toBe(card.name);
      // Each deck is named for the collection most of its cards come from, and no two share a title.
      const decks = await db
        .selectFrom('decks')
        .innerJoin('deck_collections', 'deck_collections.deck_id', 'decks.id')
        .select(['decks.id', 'decks.title', 'deck_collections.collection'])
        .execute();
      expect(new Set(decks.map((deck) => deck.title)).size).toBe(decks.length);
      for (const deck of decks) {
        expect(deck.title.startsWith(`${findCollection(deck.collection)?.name} `)).toBe(true);
        const codes = await db.selectFrom('deck_cards').select('card_code').where('deck_id', '=', deck.id).execute();
        expect(
          codes.filter((row) => collectionCodeOf(row.card_code ?? '') === deck.collection).length,
        ).toBeGreaterThanOrEqual(12);
      }
    } finally {
      await server.close();
    }
  });

  test('with CARDS_FILE loads that list instead', async () => {
    const file = path.join(dataDir, 'cards.csv');
    fs.writeFileSync(
      file,
      'Code,Name,Rarity,Type\nACAL001,Sir Lancelot,Epic,Limited Card\nACAL002,The Lady of the Lake,Legendary,Limited Card\n',
    );
    const server = await createServer(
      { ...loadConfig({ CARDS_FILE: file }), dataDir, seedDemo: false },
      { ocr: false },
    );
    try {
      expect(await countCards(server.handle.db)).toBe(2);
    } finally {
      await server.close();
    }
  });
});
