// Issue 38, the upload review in Chromium at a laptop's and a phone's width, on the sample
// screenshot read by the real reader: the reader's percentages in words, a full list explained,
// a "Replace with…" pick is the player's choice, Enter in a category picker does not publish,
// Escape, Cancel and × ask before throwing the review away, and the published toast links the deck.
import type { Locator, Page } from 'playwright-core';
import type { Deck } from '../src/common/api/decks';
import { DECK_SIZE } from '../src/common/game';
import { MESSAGES } from '../src/common/messages';
import { axeViolations } from './support/axe';
import { openUploadModal, submitReview } from './support/upload';
import { WIDTHS, browserSuite, openPage } from './web-helpers';
import { pickCategory } from './support/browser';

const suite = browserSuite();
const USER = 'StarGazer';

async function decksTitled(title: string): Promise<number> {
  const res = await fetch(`${suite.server.baseUrl}/api/decks/${USER}?page=1&limit=50`);
  return ((await res.json()) as { decks: Deck[] }).decks.filter((d) => d.title === title).length;
}

/** Closing the review one way asks "Discard this deck?"; its Cancel (focused) keeps the review. */
async function closeAndKeep(page: Page, dialog: Locator, close: () => Promise<void>): Promise<void> {
  await close();
  const confirm = page.getByRole('alertdialog', { name: 'Discard this deck?' });
  await confirm.waitFor();
  expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(
    true,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await dialog.getByRole('list', { name: 'Cards Detected' }).getByRole('listitem').count()).toBe(DECK_SIZE);
}

test.each(WIDTHS)('the upload review in words, asking before discarding, ending on View deck (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width, USER);
  const dialog = await openUploadModal(page);
  await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
  const list = dialog.getByRole('list', { name: 'Cards Detected' });
  const rows = list.getByRole('listitem');
  await rows.nth(DECK_SIZE - 1).waitFor({ timeout: 60_000 });

  // Each card says what its percentage measures; a full list says why nothing more can be added.
  const sureness = await list.locator('.detected-card-confidence').allTextContents();
  expect(sureness.every((text) => /^Reader: \d+% sure( – please check)?$/.test(text))).toBe(true);
  await dialog.getByText(`The list is full: a deck has ${DECK_SIZE} cards. Remove one to add another.`).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // A suggestion picked from "Replace with…" is the player's choice, not the reader's doubt.
  const replace = list.getByRole('combobox', { name: /^Replace .+ with$/ }).first();
  const row = rows.filter({ has: replace });
  const choice = (await replace.locator('option').nth(1).getAttribute('value'))!;
  await replace.selectOption(choice);
  const chosen = rows.filter({ has: page.getByText(choice, { exact: true }) });
  expect(await chosen.locator('.detected-card-confidence').textContent()).toBe('chosen by you');
  expect(await chosen.getByText(/please check/).count()).toBe(0);
  expect(await row.count()).toBeLessThanOrEqual(1);

  // Enter in a category picker with text that matches nothing stays in the picker: no publish is
  // asked for (counted until Submit is clicked below, long after this Enter).
  const publishes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/decks/post')) publishes.push(request.url());
  });
  const title = `Reviewed at ${width}`;
  await dialog.getByLabel('Title').fill(title);
  await pickCategory(dialog, 'Albums', 'History');
  await dialog.getByLabel('Tags').fill('Nothing like this');
  await dialog.getByLabel('Tags').press('Enter');
  expect(await dialog.getByLabel('Tags').inputValue()).toBe('Nothing like this');
  await dialog.getByLabel('Tags').fill('');
  await dialog.getByLabel('Description').fill('Checked before publishing.');

  // Escape, ×, and Cancel each ask first; keeping the review keeps every card.
  await closeAndKeep(page, dialog, () => dialog.getByLabel('Title').press('Escape'));
  await closeAndKeep(page, dialog, () => dialog.getByRole('button', { name: 'Close' }).first().click());
  await closeAndKeep(page, dialog, () => dialog.getByRole('button', { name: 'Cancel' }).click());
  expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
  expect(publishes).toEqual([]);
  expect(await decksTitled(title)).toBe(0);

  // Published: the toast offers the new deck.
  await submitReview(page, dialog);
  const toast = page.getByRole('status').filter({ hasText: MESSAGES.upload.success });
  await toast.waitFor();
  await toast.getByRole('link', { name: 'View deck' }).click();
  await page.waitForURL('**/decks/*');
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await decksTitled(title)).toBe(1);
  expect(await axeViolations(page)).toEqual([]);

  // A form with a title typed asks too, and Discard throws it away.
  const again = await openUploadModal(page);
  await again.getByLabel('Title').fill('Not this one');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard this deck?' }).getByRole('button', { name: 'Discard' }).click();
  await again.waitFor({ state: 'hidden' });
  expect(errors).toEqual([]);
  await context.close();
});
