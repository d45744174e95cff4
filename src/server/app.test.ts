import { describeEachDatabase, json } from '../../test/support/test-app';
import { importRealCatalog } from '../../test/support/images';
import { seedDemoData } from './demo/seed-demo';
import type { DecksPage } from '../common/api/decks';

describeEachDatabase('the app', (ctx) => {
  test('unknown API paths are JSON 404s', async () => {
    const res = await ctx.app.inject({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Not Found', message: 'No route GET /api/no/such/thing.' });
  });

  test('the OpenAPI document describes the deck, card and comment routes', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(await ctx.app.inject({ url: '/api/docs/json' }));
    for (const p of [
      '/api/decks/search-decks',
      '/api/decks/onedeck/{id}',
      '/api/cards/cardname/{name}',
      '/api/comments/post/{deckId}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  test('the demo seed fills an empty database once, with every home column different', async () => {
    // Its decks are made of the catalog's cards: with none, there is nothing to seed.
    expect(await seedDemoData(ctx.db, ctx.app.images, ctx.config)).toBe(false);
    await importRealCatalog(ctx.db);
    expect(await seedDemoData(ctx.db, ctx.app.images, ctx.config)).toBe(true);
    expect(await seedDemoData(ctx.db, ctx.app.images, ctx.config)).toBe(false);
    const search = async (body: object) =>
      json<DecksPage>(
        await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks?page=1&limit=5', payload: body }),
      );
    const all = await search({});
    expect(all.totalDecks).toBeGreaterThanOrEqual(60);
    const week = await search({ sortBy: 'score', restricted: true });
    const top = await search({ sortBy: 'score' });
    expect(week.decks).toHaveLength(5);
    const idsOf = (p: DecksPage) => p.decks.map((d) => d._id).join();
    expect(new Set([idsOf(all), idsOf(week), idsOf(top)]).size).toBe(3);
    const curated = json<{ decks: unknown[] }>(
      await ctx.app.inject({ method: 'POST', url: '/api/decks/get-curated', payload: {} }),
    );
    expect(curated.decks.length).toBeGreaterThanOrEqual(5);
    // The demo images are real files served at every width.
    const image = all.decks[0].image;
    const original = await ctx.app.inject({ url: image });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect((await ctx.app.inject({ url: image.replace('/upload/', '/upload/w_400/') })).statusCode).toBe(200);
  });

  test('paths that try to leave the upload folder are 404s', async () => {
    for (const url of [
      '/upload/..%2F..%2Fetc%2Fpasswd',
      '/upload/w_400/..%2Fdeckhub.sqlite',
      '/upload/%2e%2e/%2e%2e/package.json',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
