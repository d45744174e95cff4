// The recognition loop in Chromium at a laptop's and a phone's width (issue #36): a player reads
// the sample screenshot, corrects one card and publishes from the reading (the image is not sent
// again); a moderator opens /moderation/recognition from /moderation and finds the confusion.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import { setUserRole } from '../src/server/accounts/user-store';
import { pickCategory, saveScreenshot } from './support/browser';
import { openUploadModal, submitReview } from './support/upload';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';

const suite = browserSuite();
const PLAYER = 'StarGazer';
const MODERATOR = 'HistoryHank';
const REPLACEMENT = 'Sir Lancelot';

beforeAll(async () => {
  expect(await setUserRole(suite.server.server.handle.db, MODERATOR, 'moderator')).toBe(true);
});

/** Reads the sample, replaces its first card by REPLACEMENT, publishes; returns the card replaced. */
async function publishCorrected(page: Page, title: string): Promise<string> {
  const dialog = await openUploadModal(page);
  await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
  const list = dialog.getByRole('list', { name: 'Cards Detected' });
  await list.getByRole('listitem').nth(17).waitFor({ timeout: 60_000 });
  const retype = list.getByRole('button', { name: /^Edit: type another name for / }).first();
  const replaced = (await retype.getAttribute('aria-label'))!.replace('Edit: type another name for ', '');
  await retype.click();
  await dialog.getByLabel(`New name for ${replaced}`).fill(REPLACEMENT);
  await dialog.getByLabel(`New name for ${replaced}`).press('Enter');
  await list.getByText(REPLACEMENT, { exact: true }).waitFor();
  await dialog.getByLabel('Title').fill(title);
  await pickCategory(dialog, 'Albums', 'History');
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/decks/post/'));
  await submitReview(page, dialog);
  const form = (await posted).postDataBuffer()!.toString('latin1');
  // Published from the reading: its id goes, the image stays home.
  expect(form).toContain('name="readingId"');
  expect(form).not.toContain('name="image"');
  await page.getByRole('status').filter({ hasText: MESSAGES.upload.success }).waitFor();
  return replaced;
}

test.each(WIDTHS.map((width) => [width] as const))(
  'a corrected upload shows as a confusion on the recognition page (%i)',
  async (width) => {
    const player = await openPage(suite, width, PLAYER);
    const title = `Corrected at ${width}`;
    const replaced = await publishCorrected(player.page, title);
    expect(player.errors).toEqual([]);
    await player.page.context().close();

    const { page, errors } = await openPage(suite, width, MODERATOR);
    await page.goto('/moderation');
    await page.getByRole('link', { name: 'Recognition: how well screenshots are read' }).click();
    await page.waitForURL('**/moderation/recognition');
    await page.getByRole('heading', { level: 1, name: 'Recognition' }).waitFor();
    const confusions = page.getByRole('region', { name: 'Confusions' });
    const row = confusions.getByRole('row').filter({ hasText: replaced }).filter({ hasText: REPLACEMENT });
    await row.waitFor();
    await page.getByRole('img', { name: /^Cards read right by week: week of / }).waitFor();
    await page.getByRole('link', { name: title, exact: true }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, `recognition-${width}`);
    expect(errors).toEqual([]);
    await page.context().close();
  },
);
