// In a real browser: hostile text stored in the database (titles, descriptions, comments,
// usernames) stays text, and the site works under its Content-Security-Policy with no violation.
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from './support/server';
import { collectPageErrors, launchBrowser } from './support/browser';
import { buildDeck } from '../test/support/factories';
import { createComment } from '../src/server/comments/comment-store';
import { newId, nowIso } from '../src/server/db/ids';
import { XSS_PAYLOADS } from '../test/support/hostile-values';

let server: TestServer;
let browser: Browser;
let xssUser: string;
let xssDeckId: string;
let plainDeckId: string;

/** Records script runs, dialogs and CSP violations of a page. */
async function watchedPage(): Promise<{
  page: Page;
  dialogs: string[];
  errors: string[];
  violations: () => Promise<string[]>;
  xss: () => Promise<unknown>;
}> {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const errors = collectPageErrors(page);
  return {
    page,
    dialogs,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
    xss: () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const db = server.server.handle.db;
  // Rows written straight to the database, as if an older client or a bug had let them in.
  xssUser = `<img src=x onerror=window.__xss=1>`;
  const userId = newId();
  await db
    .insertInto('users')
    .values({
      id: userId,
      username: xssUser,
      username_lower: xssUser.toLowerCase(),
      email: 'xss@example.test',
      password_hash: null,
      created_at: nowIso(),
    })
    .execute();
  const image = (await db.selectFrom('decks').select('image').executeTakeFirstOrThrow()).image;
  xssDeckId = await buildDeck(db, userId, { title: XSS_PAYLOADS[0], description: XSS_PAYLOADS.join('\n'), image });
  plainDeckId = (await db.selectFrom('decks').select('id').where('id', '!=', xssDeckId).executeTakeFirstOrThrow()).id;
  for (const payload of XSS_PAYLOADS) await createComment(db, { deckId: xssDeckId, userId, body: payload });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('hostile titles, descriptions, comments and usernames stay inert', async () => {
  const pages = [
    `/decks/${xssDeckId}`,
    `/users/${encodeURIComponent(xssUser)}`,
    '/',
    `/deck-search-results?user=${encodeURIComponent(xssUser)}`,
  ];
  for (const path of pages) {
    const w = await watchedPage();
    await w.page.goto(server.baseUrl + path);
    await w.page.waitForLoadState('networkidle');
    expect(await w.xss(), path).toBeUndefined();
    expect(w.dialogs, path).toEqual([]);
    // No link anywhere may run script when clicked.
    const hrefs = await w.page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(
      hrefs.filter((h) => /^\s*javascript:/i.test(h)),
      path,
    ).toEqual([]);
    await w.page.close();
  }
  // The deck page shows the hostile title as text.
  const w = await watchedPage();
  await w.page.goto(`${server.baseUrl}/decks/${xssDeckId}`);
  await w.page.getByText(XSS_PAYLOADS[0]).first().waitFor();
  expect(await w.xss()).toBeUndefined();
  // The share preview tags put into the served HTML are escaped too.
  const html = await (await fetch(`${server.baseUrl}/decks/${xssDeckId}`)).text();
  expect(html).not.toContain('<script>window.__xss');
  await w.page.close();
});

test('the home page, a deck page and the card editor load with no CSP violation', async () => {
  for (const path of ['/', `/decks/${plainDeckId}`, '/customcards']) {
    const w = await watchedPage();
    const res = await w.page.goto(server.baseUrl + path);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await w.page.waitForLoadState('networkidle');
    // The hashed inline theme script ran (it sets data-theme before first paint).
    expect(await w.page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(dark|light)$/);
    expect(await w.page.locator('#root *').count(), path).toBeGreaterThan(5);
    expect(await w.violations(), path).toEqual([]);
    expect(
      w.errors.filter((e) => /Content.Security.Policy|Refused to/i.test(e)),
      path,
    ).toEqual([]);
    await w.page.close();
  }
});
