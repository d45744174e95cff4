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
}

/**
 * Starts the server (demo data, and `overrides` of its configuration) and the browser before the
 * suite's tests (in beforeAll) and stops both after them.
 */
export function browserSuite(overrides: Partial<Config> = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startTestServer(overrides), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** A fresh context at the given width, optionally signed in as a demo user. */
export async function openPage({ browser, server }: Suite, width: number, username?: string): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: server.baseUrl });
  if (username) {
    const db = server.server.handle.db;
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const { token } = await createSession(db, user.id);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.baseUrl }]);
  }
  const page = await context.newPage();
  return { page, context, errors: collectPageErrors(page) };
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
