import fs from 'node:fs';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { CATALOG_FILE } from '../../../test/support/real-data';
import { importCards, parseCardList } from './import-cards';
import { normalizeCard } from './normalize-card';
import type { Card } from '../../common/api/cards';

describe('normalizeCard', () => {
  test('maps the dirty spellings of the community list', () => {
    expect(
      normalizeCard({ Code: 'acal001', Name: ' Sir  Lancelot ', Rarity: 'Legenadry', Type: 'Limited card' }),
    ).toMatchObject({
      code: 'ACAL001',
      name: 'Sir Lancelot',
      rarity: 'Legendary',
      type: 'Limited Card',
      album: 'Arts & Culture',
      collection: 'ACAL',
    });
    expect(normalizeCard({ Code: 'FHI001', Name: 'n', Rarity: 'Ultra-Fusion' })?.rarity).toBe('Ultra Fusion');
    expect(normalizeCard({ Code: 'FOO1', Name: 'n', Type: 'Fusion Ingreident' })?.type).toBe('Fusion Ingredient');
    expect(normalizeCard({ Code: '', Name: 'No code' })).toBeNull();
  });

  test('parses CSV with quoted fields', () => {
    const cards = parseCardList(
      'Code,Name,Rarity,Type\nACAL001,"Sir Lancelot, the Brave",Epic,Limited Card\r\nORR014,"Say ""Hi""",Rare,Standard\n',
    );
    expect(cards).toEqual([
      { Code: 'ACAL001', Name: 'Sir Lancelot, the Brave', Rarity: 'Epic', Type: 'Limited Card' },
      { Code: 'ORR014', Name: 'Say "Hi"', Rarity: 'Rare', Type: 'Standard' },
    ]);
  });
});

describeEachDatabase('card catalog', (ctx) => {
  test('imports the real card list idempotently, reporting duplicates', async () => {
    const raw = parseCardList(fs.readFileSync(CATALOG_FILE, 'utf8'));
    const first = await importCards(ctx.db, raw);
    expect(first.read).toBe(5005);
    expect(first.duplicateCodes).toHaveLength(5);
    expect(first.duplicateNames.length).toBeGreaterThanOrEqual(8);
    expect(first.totalInCatalog).toBe(first.imported);
    const again = await importCards(ctx.db, raw);
    expect(again.totalInCatalog).toBe(first.totalInCatalog);
    const rarities = await ctx.db.selectFrom('cards').select('rarity').distinct().execute();
    expect(rarities.map((r) => r.rarity)).not.toContain('Legenadry');
    expect(rarities.map((r) => r.rarity)).not.toContain('Ultra-Fusion');
  });

  test('GET /api/cards/ lists Name, Code and Rarity (the deck builder filters by it)', async () => {
    const cards = json<Card[]>(await ctx.app.inject({ url: '/api/cards/' }));
    expect(cards.length).toBeGreaterThan(4900);
    expect(cards[0]).toEqual({ Name: expect.any(String), Code: expect.any(String), Rarity: expect.any(String) });
    expect(cards.find((card) => card.Code === 'ORR014')).toEqual({
      Name: 'Caño Cristales',
      Code: 'ORR014',
      Rarity: expect.any(String),
    });
  });

  test('card names are found ignoring accents, case and punctuation', async () => {
    for (const name of ['CAÑO CRISTALES', 'cano cristales', 'Caño-Cristales']) {
      const res = await ctx.app.inject({ url: `/api/cards/cardname/${encodeURIComponent(name)}` });
      expect(res.statusCode, name).toBe(200);
      expect(json(res)).toEqual({ Name: 'Caño Cristales', Code: 'ORR014' });
    }
    expect(
      json(await ctx.app.inject({ url: `/api/cards/cardname/${encodeURIComponent('the fool xxii')}` })),
    ).toMatchObject({ Name: 'The Fool (XXII)' });
    expect((await ctx.app.inject({ url: '/api/cards/cardname/No%20Such%20Card' })).statusCode).toBe(404);
  });
});
