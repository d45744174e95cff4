// The upload modal as a player opens it, shared by the browser suites that upload decks.
import type { Locator, Page, Request, Response } from 'playwright-core';
import { MESSAGES } from '../../src/common/messages';

/** Clicks 'Upload a deck' on the home page (opened first unless the page is on it) and returns its dialog. */
export async function openUploadModal(page: Page): Promise<Locator> {
  // about:blank's pathname is 'blank'.
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('button', { name: 'Upload a deck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a deck' });
  await dialog.waitFor();
  return dialog;
}

/**
 * How long a publish may take to show its answer (the near-copy question, or the deck) on a loaded
 * machine: the similar-decks check and the publish itself run while other suites read screenshots
 * on the same two cores. At the 30 s default the builder's publish timed out in whole runs (stops
 * 45 and 46, and once in CI at 60 s) and never alone, where it takes under 6 s; publishAndWait
 * says what the page showed instead.
 */
export const PUBLISH_TIMEOUT_MS = 60_000;
/** How long a click may start nothing (no API call, no alert) before it is taken as lost. */
const LOST_CLICK_MS = 5_000;

/**
 * Clicks Submit in the upload review and, where the site asks because a deck with these cards or
 * this code is published already (the sample screenshot at the other width, or in another suite),
 * publishes anyway.
 */
export async function submitReview(page: Page, dialog: Locator): Promise<void> {
  const ask = page.getByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle });
  const published = page.getByRole('status').filter({ hasText: MESSAGES.upload.success });
  await publishAndWait(page, dialog.getByRole('button', { name: 'Submit' }), ask.or(published));
  if (await ask.isVisible()) await ask.getByRole('button', { name: MESSAGES.upload.nearCopyConfirm }).click();
}

/**
 * Clicks the publish button and waits for what the publish should show (`expected`: the deck, the
 * near-copy question). When the page shows a new alert instead (an error), or nothing in time,
 * fails with what it shows, the address and the API calls since the click with their answers: a
 * timeout alone says nothing of the cause. Alerts shown before the click (a review's warnings) are
 * no answer.
 *
 * A click that starts nothing in LOST_CLICK_MS (no API call, no alert, the button still enabled)
 * is made once more, and said in the log. Under the full suite's load the builder's Publish at
 * 390 px has twice started nothing (CI, and stop 52's last run: no call, no alert, in 60 s),
 * while alone it passes every time; the cause is not found. A publish that did start disables
 * its button at once, so a second click never publishes twice.
 */
export async function publishAndWait(page: Page, button: Locator, expected: Locator): Promise<void> {
  const calls = watchApiCalls(page);
  const alerts = page.getByRole('alert');
  const alertsText = async () => (await alerts.allTextContents()).join('\n');
  const before = await alertsText();
  const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
  let clicks = 0;
  try {
    await button.click();
    clicks++;
    const clickedAt = Date.now();
    while (Date.now() < deadline) {
      if (await expected.first().isVisible()) return;
      if ((await alertsText()) !== before) break;
      const startedNothing = calls.seen.length === 0 && (await button.isEnabled());
      if (clicks === 1 && Date.now() - clickedAt > LOST_CLICK_MS && startedNothing) {
        console.warn(`publishAndWait: a click started nothing in ${LOST_CLICK_MS} ms at ${page.url()}; clicking again`);
        await button.click();
        clicks++;
      }
      await page.waitForTimeout(100);
    }
  } finally {
    calls.stop();
  }
  throw new Error(
    `The publish showed an alert, or nothing in ${PUBLISH_TIMEOUT_MS} ms (${clicks} clicks), instead of what was expected. Page: ${page.url()}. ` +
      `Alerts: ${JSON.stringify(await alerts.allTextContents())}. API calls since the click: ${JSON.stringify(calls.seen)}`,
  );
}

type CallAnswer = number | 'pending' | 'failed';

/** The page's API calls from now until `stop`, each with its status ('pending' while unanswered). */
function watchApiCalls(page: Page) {
  const seen: { call: string; answer: CallAnswer }[] = [];
  const entries = new Map<Request, (typeof seen)[number]>();
  const answer = (request: Request, value: CallAnswer) => {
    const entry = entries.get(request);
    if (entry) entry.answer = value;
  };
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    const entry = { call: `${request.method()} ${pathname}`, answer: 'pending' as CallAnswer };
    entries.set(request, entry);
    seen.push(entry);
  };
  const onResponse = (response: Response) => answer(response.request(), response.status());
  const onFailed = (request: Request) => answer(request, 'failed');
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  return {
    seen,
    stop() {
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
    },
  };
}
