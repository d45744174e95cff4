// Helpers shared by the web browser suites (e2e/web-*.e2e.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSession } from '../src/server/accounts/sessions';
import { SESSION_COOKIE } from '../src/server/accounts/sessions';
import type { Config } from '../src/server/config';
import { startTestServer, type TestServer } from './support/server';
import { collectPageErrors, launchBrowser } from './support/browser';

/** The two widths every screen is checked at: a laptop and a phone. */
export const WIDTHS = [1440, 390] as const;

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** The test server and Chromium of a suite; both are set once its beforeAll has run. */
export interface Suite {
  server: TestServer;
  browser: Browser;
  /** Contexts tests have closed, by width: emptied and ready for the next test (see warmContext). */
  idleContexts: Map<number, BrowserContext[]>;
}

/**
 * Starts the server (demo data, and `overrides` of its configuration) and the browser before the
 * suite's tests (in beforeAll) and stops both after them.
 */
export function browserSuite(overrides: Partial<Config> = {}): Suite {
  const suite = { idleContexts: new Map() } as Suite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startTestServer(overrides), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/**
 * A context at the given width with one new page, optionally signed in as a demo user. It holds
 * nothing of an earlier test (no cookie, site data or permission), as a new context would; what
 * it may keep is Chromium's HTTP cache and its warm renderer for the site (see warmContext).
 */
export async function openPage(suite: Suite, width: number, username?: string): Promise<OpenPage> {
  const { server } = suite;
  const context = suite.idleContexts.get(width)?.pop() ?? (await warmContext(suite, width));
  if (username) {
    const db = server.server.handle.db;
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const { token } = await createSession(db, user.id);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.baseUrl }]);
  }
  const page = await context.newPage();
  return { page, context, errors: collectPageErrors(page) };
}

/** What a site stores in the browser besides cookies. */
const SITE_DATA = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql';

/**
 * A new context whose `close()` empties it and hands it back to the suite for the next test at
 * that width: the test's pages closed, cookies and permissions cleared, the site's stored data
 * wiped through the DevTools protocol (session storage goes with its page).
 *
 * Why: the keeper, a page of the site left open at /healthz, keeps the site's renderer process
 * alive between tests, and with it the app's scripts as the last test compiled them. The app's
 * first page in a new context cost Chromium 1.4 CPU-s, in a kept one 0.7 (measured on /decks). The
 * browser suite is bound by Chromium's CPU on two cores: it went from 367 s and 658 busy CPU-s to
 * 312 s and 536. Without the keeper, a reused context saved nothing: its renderer had exited.
 */
async function warmContext({ browser, server, idleContexts }: Suite, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: server.baseUrl });
  const keeper = await context.newPage();
  await keeper.goto('/healthz');
  context.close = async () => {
    for (const page of context.pages()) if (page !== keeper) await page.close();
    const cdp = await context.newCDPSession(keeper);
    await cdp.send('Storage.clearDataForOrigin', { origin: server.baseUrl, storageTypes: SITE_DATA });
    await cdp.detach();
    await context.clearCookies();
    await context.clearPermissions();
    idleContexts.set(width, [...(idleContexts.get(width) ?? []), context]);
  };
  return context;
}

/** True when the page is wider than the window (a phone would scroll sideways). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The outline of the focused element: visible focus means it is not 'none'. */
export function focusOutline(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : 'none'));
}

/** Picks a value in a react-select picker from the keyboard: type, Enter, Escape. */
export async function pickOption(page: Page, inputId: string, text: string): Promise<void> {
  // The pickers load after first paint behind a read-only placeholder of the same id: wait for the real one.
  const input = page.locator(`#${inputId}:not(.picker-placeholder)`);
  await input.focus();
  await input.pressSequentially(text);
  await page.locator('.picker__option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}
