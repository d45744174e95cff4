// Debian's Chromium driven by playwright-core (its own browser download cannot work here).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots for people to look at; kept out of git. */
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
/**
 * Screenshots are taken when asked for (SCREENSHOTS=1): nothing in the suite reads them, and a
 * full-page capture costs about 0.7 s on a two-core machine. web-ux, which takes 11 of the 53, ran its
 * tests in 84 and 87 s with them and in 79 and 77 s without (runs taken in turn).
 */
const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function launchBrowser(): Promise<Browser> {
  // vitest.e2e.config.ts leaves the suite out without Chromium; this is for a bench (bench:web) or a lone call.
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Picks `option` in a category picker (`scope` holds the field labelled `label`) by typing it and
 * pressing Enter, and waits until the pick is shown: a loaded machine can take the key before the
 * menu has its option, and a form sent without the pick fails far from the cause.
 */
export async function pickCategory(scope: Page | Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(option);
  await scope.getByRole('option', { name: option, exact: true }).filter({ visible: true }).first().waitFor();
  await field.press('Enter');
  await scope.locator(`[aria-label="Remove ${option}"]`).waitFor();
  // On to the next field, as a player goes. Typing opened the menu, and react-select scrolls the
  // page over 160 ms to show a menu that opens near the window's foot: a click aimed while it
  // scrolls can land beside its button (a builder's Publish that called no API in a whole run). The
  // form itself does not move: at 390 px Publish stays at page y 2033 while the picker is typed
  // in, picks and loses focus (measured), only the page's scroll runs on.
  await field.press('Tab');
}
