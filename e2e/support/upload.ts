// The upload modal as a player opens it, shared by the browser suites that upload decks.
import type { Locator, Page } from 'playwright-core';

/** Clicks 'Upload a deck' on the home page (opened first unless the page is on it) and returns its dialog. */
export async function openUploadModal(page: Page): Promise<Locator> {
  // about:blank's pathname is 'blank'.
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('button', { name: 'Upload a deck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a deck' });
  await dialog.waitFor();
  return dialog;
}
