// A page's HTML carries the answers to its first API requests, as the visitor would get them, and
// the deck page preloads its image at the width the page shows it and its code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { imageUrlOf } from '../images/image-store';
import { answerKey, FIRST_ANSWERS_ID, firstRequestsOf } from '../../common/first-requests';
import { META_PLACEHOLDER } from './share-meta';
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { pngImage } from '../../../test/support/images';

/** The answers in a page, as the web app reads them; null when the page has none. */
function answersIn(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

describeEachDatabase("a page's first answers in its HTML", (ctx) => {
  let app: FastifyInstance;
  let webDist: string;
  let imageUrl: string;
  let deckId: string;
  let author: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><title>Deckhub</title>${META_PLACEHOLDER}</head><body><div id="root"></div></body></html>`,
    );
    fs.mkdirSync(path.join(webDist, '.vite'));
    const manifest = {
      'main.tsx': { file: 'assets/index-1.js', isEntry: true },
      'app/routes/DeckRoute.tsx': { file: 'assets/DeckRoute-2.js' },
    };
    fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = await buildApp({ config: ctx.config, db: ctx.db, dialect: ctx.app.dialect, serveWeb: true, webDist });
    author = await buildUser(ctx.db);
    imageUrl = imageUrlOf(await app.images.save(await pngImage(600, 1200)));
    deckId = await buildDeck(ctx.db, author.id, {
      image: imageUrl,
      title: 'Closing </script><script>alert(1)</script> tags',
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  test('the deck page: the deck as GET /api/decks/onedeck gives it, and its image preloaded at the page width', async () => {
    const res = await app.inject({ url: `/decks/${deckId}` });
    expect(res.statusCode).toBe(200);
    const answers = answersIn(res.body);
    const key = answerKey(firstRequestsOf('/decks/:deckId', { deckId })[0]);
    expect(answers?.[key]).toEqual((await app.inject({ url: `/api/decks/onedeck/${deckId}` })).json());
    // Text in the deck cannot close the data script: the only script end is the script's own.
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${imageUrl.replace('/upload/', '/upload/w_400/')}" media="(min-width: 769px)" fetchpriority="high" />`,
    );
    // The page's code comes with the main script; the build's manifest itself is not served.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/DeckRoute-2.js">');
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  test('home: the three column searches, as the API answers them', async () => {
    await buildDeck(ctx.db, author.id, { image: imageUrl, title: 'Another deck' });
    for (const url of ['/', '/decks']) {
      const answers = answersIn((await app.inject({ url })).body);
      const calls = firstRequestsOf('/', {});
      expect(Object.keys(answers ?? {}).sort(), url).toEqual(calls.map(answerKey).sort());
      for (const call of calls)
        expect(answers?.[answerKey(call)], url).toEqual(
          (await app.inject({ method: 'POST', url: call.path, payload: call.body as object })).json(),
        );
    }
  });

  test("/meta: its default view's answers; another view asks for its own", async () => {
    const answers = answersIn((await app.inject({ url: '/meta' })).body);
    expect(Object.keys(answers ?? {}).sort()).toEqual(firstRequestsOf('/meta', {}).map(answerKey).sort());
    expect(answersIn((await app.inject({ url: '/meta?sort=name' })).body)).toBeNull();
  });

  test("a hidden deck's answer goes only to those who may see it; a missing page has none", async () => {
    const hidden = await buildDeck(ctx.db, author.id, { image: imageUrl, title: 'Hidden Embedded' });
    await ctx.db.updateTable('decks').set({ hidden_at: new Date().toISOString() }).where('id', '=', hidden).execute();
    const guest = await app.inject({ url: `/decks/${hidden}` });
    expect(guest.statusCode).toBe(404);
    expect(guest.body).not.toContain('Hidden Embedded');
    expect(answersIn(guest.body)).toBeNull();
    const own = await app.inject({ url: `/decks/${hidden}`, headers: { cookie: author.cookie } });
    expect(Object.values(answersIn(own.body) ?? {})).toEqual([expect.objectContaining({ title: 'Hidden Embedded' })]);
    expect(answersIn((await app.inject({ url: '/no-such-page' })).body)).toBeNull();
  });
});
