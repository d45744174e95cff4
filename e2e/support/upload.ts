// The upload modal as a player opens it, shared by the browser suites that upload decks.
import type { Locator, Page } from 'playwright-core';
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
 * on the same two cores. At the 30 s default the builder's publish at 390 px timed out twice in whole
 * runs (stops 45 and 46) and never alone, where it takes under 6 s.
 */
export const PUBLISH_TIMEOUT_MS = 60_000;

/**
 * Clicks Submit in the upload review and, where the site asks because a deck with these cards or
 * this code is published already (the sample screenshot at the other width, or in another suite),
 * publishes anyway.
 */
export async function submitReview(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const ask = page.getByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle });
  const published = page.getByRole('status').filter({ hasText: MESSAGES.upload.success });
  await ask.or(published).first().waitFor({ timeout: PUBLISH_TIMEOUT_MS });
  if (await ask.isVisible()) await ask.getByRole('button', { name: MESSAGES.upload.nearCopyConfirm }).click();
}
