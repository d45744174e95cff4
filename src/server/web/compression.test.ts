// What a browser gets for each kind of answer, by what it accepts: hashed assets precompressed and
// immutable, pages revalidated (no-cache + ETag) and compressed, API answers over 1 KB compressed,
// images, small answers and event streams as they are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { registerCompression } from '../http/compression';
import { imageUrlOf } from '../images/image-store';
import { META_PLACEHOLDER } from './share-meta';
import { precompressFiles } from './precompress';
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { pngImage } from '../../../test/support/images';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A script as Vite writes one: large and repetitive enough to compress well. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "deckhub ${i}";`).join('\n');

/** A stand-in for `vite build`'s output, with the copies the build plugin makes. */
function builtWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-web-'));
  const filler = '<!-- the built page: scripts, styles and the theme switch -->\n'.repeat(30);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Deckhub</title>${META_PLACEHOLDER}${filler}</head><body></body></html>`,
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  precompressFiles(dir);
  return dir;
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

describe('precompressFiles', () => {
  test('writes brotli and gzip copies that decode to the file, none for an image or where a copy would not be smaller', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-precompress-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets', 'app.js'), SCRIPT);
      fs.writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'x');
      fs.writeFileSync(path.join(dir, 'assets', 'photo.png'), SCRIPT);
      expect(precompressFiles(dir)).toBe(1);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'app.js.br'))).toString()).toBe(SCRIPT);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'app.js.gz'))).toString()).toBe(SCRIPT);
      expect(fs.statSync(path.join(dir, 'assets', 'app.js.br')).size).toBeLessThan(SCRIPT.length / 5);
      expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual([
        'app.js',
        'app.js.br',
        'app.js.gz',
        'photo.png',
        'tiny.js',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase('compressed and cached answers', (ctx) => {
  let app: FastifyInstance;
  let webDist: string;
  let deckId: string;
  let imageUrl: string;

  beforeAll(async () => {
    webDist = builtWebDist();
    app = await buildApp({ config: ctx.config, db: ctx.db, dialect: ctx.app.dialect, serveWeb: true, webDist });
    const user = await buildUser(ctx.db);
    imageUrl = imageUrlOf(await app.images.save(await pngImage(600, 1200)));
    deckId = await buildDeck(ctx.db, user.id, {
      image: imageUrl,
      title: 'Compressed',
      description: 'A deck long enough to describe. '.repeat(20),
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  test('a hashed asset: the brotli or gzip copy by Accept-Encoding, the file itself without; immutable for a year, varying on Accept-Encoding', async () => {
    const url = '/assets/index-AbCd1234.js';
    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({ url, headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['cache-control'], accept).toBe(IMMUTABLE);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(decoded(res), accept).toBe(SCRIPT);
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(SCRIPT.length / 5);
    }
    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.headers['content-encoding']).toBe('br');
  });

  test('a file at the root keeps its name across builds: revalidated, not immutable', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });

  test('pages (index.html and the SPA fallback): no-cache with an ETag, 304 when it matches, compressed', async () => {
    for (const url of ['/', '/decks', `/decks/${deckId}`, '/meta']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(res), url).toMatch(/^<!doctype html>/);
      const etag = res.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect((await app.inject({ url, headers: { 'if-none-match': `W/${etag}, "other"` } })).statusCode, url).toBe(304);
      expect((await app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode, url).toBe(200);
    }
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^<!doctype html>/);
    // A deck page carries the deck's share tags, so its ETag is its own.
    expect((await app.inject({ url: `/decks/${deckId}` })).headers.etag).not.toBe(plain.headers.etag);
    // A page that does not exist is no 304, whatever the browser holds.
    const missing = await app.inject({
      url: '/no-such-page',
      headers: { 'if-none-match': plain.headers.etag as string },
    });
    expect(missing.statusCode).toBe(404);
  });

  test('API answers over 1 KB compressed by Accept-Encoding; small ones, and browsers that accept none, get them as they are', async () => {
    const search = (accept?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/decks/search-decks?limit=12',
        payload: {},
        headers: accept ? { 'accept-encoding': accept } : {},
      });
    const plain = await search();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await search(accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(res)), accept).toEqual(JSON.parse(plain.body));
    }
    const small = await app.inject({
      url: '/api/decks/onedeck/0123456789abcdef01234567',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ error: 'Not Found' });
  });

  test('a request body sent compressed is not inflated: the site never sends one', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/decks/search-decks',
      payload: zlib.gzipSync('{}'),
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  test('images stream as they are (already compressed), whatever the browser accepts', async () => {
    for (const url of [imageUrl, imageUrl.replace('/upload/', '/upload/w_400/')]) {
      const plain = await app.inject({ url });
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\//);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload), url).toBe(true);
    }
  });
});

describe('compression and event streams', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/events', (_request, reply) => {
      reply.type('text/event-stream');
      return reply.send(
        Readable.from(Array.from({ length: 50 }, (_, i) => `data: event number ${i} of a long stream\n\n`)),
      );
    });
    await app.ready();
  });
  afterAll(() => app.close());

  test('an event stream is never compressed: the compressor would hold events back', async () => {
    const res = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('data: event number 49 of a long stream');
  });
});
