// HEAD answers as GET does on every route, pages and the web app's files included: monitors and
// link checkers send HEAD, and took the site for down on a 404.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { imageUrlOf } from '../images/image-store';
import { META_PLACEHOLDER } from './share-meta';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildCatalog, buildDeck, buildUser } from '../../../test/support/factories';
import { pngImage } from '../../../test/support/images';

/** A stand-in for `vite build`'s output: a page, a hashed asset and a file at the root. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Deckhub</title>${META_PLACEHOLDER}</head><body></body></html>`,
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log("deckhub")');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  return dir;
}

describeEachDatabase('HEAD on every GET route', (ctx) => {
  let app: FastifyInstance;
  let webDist: string;
  let deckId: string;
  let imageUrl: string;
  let username: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    app = await buildApp({ config: ctx.config, db: ctx.db, dialect: ctx.app.dialect, serveWeb: true, webDist });
    const user = await buildUser(ctx.db);
    username = user.username;
    imageUrl = imageUrlOf(await app.images.save(await pngImage(600, 1200)));
    deckId = await buildDeck(ctx.db, user.id, { image: imageUrl, title: 'Headed' });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** HEAD gives GET's status and headers, without a body. */
  async function expectHeadLikeGet(url: string): Promise<number> {
    const get = await app.inject({ url });
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode, `HEAD ${url}`).toBe(get.statusCode);
    expect(head.headers['content-type'], `HEAD ${url}`).toBe(get.headers['content-type']);
    expect(head.body, `HEAD ${url}`).toBe('');
    return head.statusCode;
  }

  test('HEAD / is 200 with the page type, as GET /', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(await expectHeadLikeGet('/')).toBe(200);
  });

  test('HEAD on pages, deep links, the app files and images', async () => {
    for (const url of [
      '/',
      `/decks/${deckId}`,
      `/users/${username}`,
      '/customcards',
      '/assets/app-1234.js',
      '/robots.txt',
      imageUrl,
      imageUrl.replace('/upload/', '/upload/w_400/'),
    ]) {
      expect(await expectHeadLikeGet(url), url).toBe(200);
    }
    for (const url of ['/api/no/such/thing', '/upload/000000000000000000000000.webp', '/no-such-file.js'])
      expect(await expectHeadLikeGet(url), url).toBe(404);
  });

  test('a path that is no page, an unknown deck, card or user: 404 with the app (its not-found page)', async () => {
    for (const url of [
      '/no-such-page',
      '/decks/0123456789abcdef01234567',
      '/decks/not-an-id',
      '/users/nobody-here',
      '/profile/extra',
      '/cards/NOPE001',
      '/cards/bad%20code',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(await expectHeadLikeGet(url), url).toBe(404);
    }
    await buildCatalog(ctx.db, [{ name: 'Paged Card', code: 'SAS001' }]);
    for (const url of [
      '/decks',
      '/decks/',
      '/deck-search-results?tags=Budget',
      '/innkeepers-decks',
      `/reset-password/some-token`,
      '/cards/SAS001',
    ])
      expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  test('a deck a moderator hid: its page is missing (no share preview) for others, there for its author and moderators', async () => {
    const author = await buildUser(ctx.db);
    const moderator = await buildUser(ctx.db, { role: 'moderator' });
    const hidden = await buildDeck(ctx.db, author.id, { image: imageUrl, title: 'Hidden Preview Title' });
    await ctx.db.updateTable('decks').set({ hidden_at: new Date().toISOString() }).where('id', '=', hidden).execute();
    const guest = await app.inject({ url: `/decks/${hidden}` });
    expect(guest.statusCode).toBe(404);
    expect(guest.body).not.toContain('Hidden Preview Title');
    for (const user of [author, moderator]) {
      const res = await app.inject({ url: `/decks/${hidden}`, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Hidden Preview Title');
    }
    expect((await app.inject({ url: '/moderation' })).statusCode).toBe(200);
  });

  test('HEAD on every GET route of the API', async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await app.inject({ url: '/api/docs/json' }));
    const values: Record<string, string> = {
      id: deckId,
      deckId,
      username,
      email: `${username.toLowerCase()}@example.test`,
      name: 'Heimdall',
    };
    const getPaths = Object.entries(doc.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([p]) => p);
    expect(getPaths.length).toBeGreaterThan(5);
    for (const route of getPaths) {
      const url = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
      expect(await expectHeadLikeGet(url), url).toBeLessThan(500);
    }
  });
});
