// Targeted hostile requests: SQL metacharacters everywhere text goes, path traversal in image
// URLs, oversized and over-many multipart parts, a 10 MB JSON body — and the hardening headers
// and cookies that every answer carries.
import fs from 'node:fs';
import path from 'node:path';
import { buildDeck, buildUser, type TestUser } from '../support/factories';
import { describeEachDatabase, json } from '../support/test-app';
import { problemWithAnswer } from '../support/api-answer';
import { dbChecksum, tableNames } from '../support/db-checksum';
import { SQL_PAYLOADS, TRAVERSAL_PAYLOADS } from '../support/hostile-values';
import { multipartBody } from '../support/multipart';

const expectCleanAnswer = (res: Parameters<typeof problemWithAnswer>[0]) => expect(problemWithAnswer(res), res.body.slice(0, 300)).toBeNull();

describeEachDatabase('hostile input', (ctx) => {
  let user: TestUser;
  let deckId: string;

  beforeAll(async () => {
    user = await buildUser(ctx.db);
    deckId = await buildDeck(ctx.db, user.id, { title: 'Plain deck' });
  });

  test('SQL metacharacters in every text field and filter are data, never SQL', { timeout: 30_000 }, async () => {
    const tables = await tableNames(ctx.db);
    for (const payload of SQL_PAYLOADS) {
      const before = await dbChecksum(ctx.db, tables);
      const reads = [
        ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks?page=1&limit=5', payload: { cards: [payload], user: payload.slice(0, 64), sortBy: payload.slice(0, 32) } }),
        ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks', payload: { albums: [payload], tags: [payload], collections: [payload] } }),
        ctx.app.inject({ method: 'POST', url: '/api/decks/get-curated', payload: { user: payload.slice(0, 64) } }),
        ctx.app.inject({ url: `/api/decks/${encodeURIComponent(payload)}` }),
        ctx.app.inject({ url: `/api/users/username/${encodeURIComponent(payload)}` }),
        ctx.app.inject({ url: `/api/users/email/${encodeURIComponent(payload)}` }),
        ctx.app.inject({ url: `/api/cards/cardname/${encodeURIComponent(payload)}` }),
        ctx.app.inject({ url: `/api/decks/onedeck/${encodeURIComponent(payload)}` }),
        ctx.app.inject({ method: 'POST', url: '/api/users/passwordlogin/', payload: { username: payload, password: payload } }),
      ];
      for (const res of await Promise.all(reads)) {
        expectCleanAnswer(res);
        // A LIKE wildcard or an OR 1=1 must not turn a filter into "everything".
        if (res.statusCode === 200 && res.body.includes('totalDecks')) expect(json<{ totalDecks: number }>(res).totalDecks).toBe(0);
      }
      expect(await dbChecksum(ctx.db, tables)).toEqual(before);
    }
    // Stored as text and given back unchanged: comments and deck edits.
    for (const payload of SQL_PAYLOADS) {
      const posted = await ctx.app.inject({ method: 'POST', url: `/api/comments/post/${deckId}`, headers: { cookie: user.cookie }, payload: { comment: payload } });
      expect(posted.statusCode, posted.body).toBe(201);
      const edited = await ctx.app.inject({ method: 'POST', url: `/api/decks/editdeck/${deckId}`, headers: { cookie: user.cookie }, payload: { title: payload, description: payload } });
      expect(edited.statusCode, edited.body).toBe(200);
      const deck = json<{ title: string; description: string }>(await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` }));
      expect(deck).toMatchObject({ title: payload.trim(), description: payload });
    }
    const comments = json<{ Comment: string }[]>(await ctx.app.inject({ url: `/api/comments/get/${deckId}` }));
    expect(comments.map((c) => c.Comment)).toEqual(SQL_PAYLOADS.map((p) => p.trim()));
    expect(await ctx.db.selectFrom('decks').select('id').execute()).toHaveLength(1);
  });

  test('path traversal in /upload/ finds nothing outside the image folder', async () => {
    // A file beside the uploads folder that a traversal would reach.
    fs.mkdirSync(path.join(ctx.config.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(ctx.config.dataDir, 'secret.txt'), 'top secret');
    const targets = [...TRAVERSAL_PAYLOADS, '../secret.txt', '..%2fsecret.txt', '%2e%2e%2fsecret.txt', '..%252fsecret.txt'];
    for (const target of targets) {
      for (const url of [`/upload/${target}`, `/upload/w_400/${target}`, `/upload/${target}/x.webp`, `/upload/w_400/../../${target}`]) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.body).not.toContain('top secret');
        expect(res.body).not.toContain('root:');
        expectCleanAnswer(res);
      }
    }
  });

  test('a 10 MB JSON body is refused with 413 before it is parsed', async () => {
    const big = JSON.stringify({ comment: 'x'.repeat(10 * 1024 * 1024) });
    for (const url of [`/api/comments/post/${deckId}`, '/api/decks/search-decks', '/api/users/passwordlogin/', `/api/users/${encodeURIComponent('a@b.test')}`]) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, 'content-type': 'application/json' }, payload: big });
      expect(res.statusCode, url).toBe(413);
      expect(json(res)).toEqual({ error: 'Payload Too Large', message: 'The request body is too large.' });
    }
  });

  test('oversized multipart parts and too many parts are refused with a clear message, storing nothing', { timeout: 30_000 }, async () => {
    const tables = await tableNames(ctx.db);
    const before = await dbChecksum(ctx.db, tables);
    const cases = [
      { what: 'a file over 10 MB', parts: [{ name: 'image', filename: 'big.png', value: Buffer.alloc(11 * 1024 * 1024, 1) }], status: 413 },
      { what: 'a text field over 64 KB', parts: [{ name: 'description', value: 'x'.repeat(70 * 1024) }], status: 400 },
      { what: 'two files', parts: [1, 2].map((i) => ({ name: 'image', filename: `${i}.png`, value: Buffer.from('x') })), status: 400 },
      { what: '500 fields', parts: Array.from({ length: 500 }, (_, i) => ({ name: `f${i}`, value: 'x' })), status: 400 },
      { what: 'a __proto__ field', parts: [{ name: '__proto__', value: 'x' }], status: 400 },
    ];
    // POST /api/uploadimage/ reads its form with the same code (http/multipart-fields.ts); in
    // this app it has no reader and answers 503 before reading, so the deck form is the one tried.
    for (const url of ['/api/decks/post/']) {
      for (const c of cases) {
        const { body, contentType } = multipartBody(c.parts);
        const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, 'content-type': contentType }, payload: body });
        expectCleanAnswer(res);
        expect(res.statusCode, `${url}: ${c.what}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url}: ${c.what}: ${res.body}`).toBeLessThan(500);
        expect(json<{ message: string }>(res).message.length).toBeGreaterThan(10);
      }
    }
    expect(await dbChecksum(ctx.db, tables)).toEqual(before);
    expect(fs.readdirSync(path.join(ctx.config.dataDir, 'uploads')).filter((f) => f.endsWith('.webp'))).toEqual([]);
  });

  test('security headers on API answers, pages and errors', async () => {
    for (const url of ['/api/cards/', '/api/decks/onedeck/nope', '/no/such/page']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/object-src 'none'/);
      expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describeEachDatabase(
  'cookies behind an HTTPS proxy (TRUST_PROXY)',
  (ctx) => {
    const account = () => {
      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      return { username: `proxy_${id}`, email_address: `proxy.${id}@example.test`, password: 'Secret#123' };
    };
    const register = (headers: Record<string, string>) => {
      const body = account();
      return ctx.app.inject({ method: 'POST', url: `/api/users/${encodeURIComponent(body.email_address)}`, headers, payload: body });
    };

    test('the session cookie is Secure when the proxy says the request came over https', async () => {
      const res = await register({ 'x-forwarded-proto': 'https' });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = res.cookies.find((c) => c.name === 'deckhub_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    });

    test('and not Secure on plain http (so a local install still works)', async () => {
      const res = await register({});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.cookies.find((c) => c.name === 'deckhub_session')?.secure).toBeFalsy();
    });
  },
  { config: { trustProxy: 1 } },
);
