// The upload flow in a real browser, against the real server and the real screenshot reader, on a
// server started as a deployment is: the card list the project ships, loaded at the first start.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import type { Deck } from '../src/common/api/decks';
import { SAMPLE_SCREENSHOT_PATH } from '../src/common/api/uploads';
import { REAL_SCREENSHOT } from '../test/support/real-data';
import { pickCategory, saveScreenshot } from './support/browser';
import { openUploadModal } from './support/upload';
import { browserSuite, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();

/** A demo user with an e-mail address, so the home page offers 'Upload a deck'. */
const USER = 'StarGazer';

test('a missing image, title, cards and category each get their message', async () => {
  const { page } = await openPage(suite, 1280, USER);
  const dialog = await openUploadModal(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  for (const text of [
    MESSAGES.upload.imageRequired,
    MESSAGES.upload.titleRequired,
    MESSAGES.upload.tooFewCards,
    MESSAGES.upload.categoryRequired,
  ]) {
    await dialog.getByText(text, { exact: true }).waitFor();
  }
  await dialog
    .getByLabel('Deck image')
    .setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await dialog.getByText(MESSAGES.upload.invalidImage, { exact: true }).waitFor();
  await page.context().close();
});

test('a signed-in user uploads a screenshot, fixes a card, and publishes the deck', async () => {
  const { page, errors } = await openPage(suite, 1280, USER);
  const dialog = await openUploadModal(page);

  await dialog.getByLabel('Deck image').setInputFiles(REAL_SCREENSHOT);
  await dialog.getByRole('img', { name: 'Preview of the chosen deck image' }).waitFor();
  const list = dialog.getByRole('list', { name: 'Cards Detected' });
  await list.getByRole('listitem').nth(17).waitFor({ timeout: 30_000 });
  expect(await list.getByRole('listitem').count()).toBe(18);
  await dialog.getByText('18 cards detected, deck code UH42XD.').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'upload-detected');

  // Fix one card by typing another name (with the catalog's suggestions).
  await list.getByRole('button', { name: 'Type another name for Heimdall' }).click();
  await dialog.getByLabel('New name for Heimdall').fill('Sir Lancelot');
  await dialog.getByLabel('New name for Heimdall').press('Enter');
  await list.getByText('Sir Lancelot', { exact: true }).waitFor();
  expect(await list.getByText('Heimdall', { exact: true }).count()).toBe(0);

  await dialog.getByLabel('Title').fill('Spies, Tarot and a Knight');
  await pickCategory(dialog, 'Albums', 'History');
  await pickCategory(dialog, 'Tags', 'Budget');
  await dialog.getByLabel('Description').fill('Uploaded from the browser test.');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await page.getByRole('status').filter({ hasText: MESSAGES.upload.success }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // The ['decks'] queries were invalidated: the home column shows the new deck without a reload.
  await page.getByRole('region', { name: 'Newest Decks' }).getByText('Spies, Tarot and a Knight').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'upload-published');

  const res = await fetch(`${suite.server.baseUrl}/api/decks/StarGazer?page=1&limit=12`);
  const { decks } = (await res.json()) as { decks: Deck[] };
  const deck = decks.find((d) => d.title === 'Spies, Tarot and a Knight');
  expect(deck).toBeDefined();
  expect(deck?.cards).toHaveLength(18);
  expect(deck?.cards).toContain('Sir Lancelot');
  expect(deck?.cards).not.toContain('Heimdall');
  expect(deck?.deckcode).toBe('UH42XD');
  expect(deck?.albums).toEqual(['History']);
  expect(deck?.tags).toEqual(['Budget']);
  const image = await fetch(`${suite.server.baseUrl}${deck?.image.replace('/upload/', '/upload/w_400/')}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/webp');
  expect(errors).toEqual([]);
  await page.context().close();
});

/** The sample screenshot as the page gets it: the server's own, or none at all (404). */
async function serveSample(page: Page, how: 'server' | 'missing') {
  if (how === 'missing') {
    await page.route(`**${SAMPLE_SCREENSHOT_PATH}`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"error":"Not Found","message":"No sample."}',
      }),
    );
    return;
  }
  expect((await fetch(suite.server.baseUrl + SAMPLE_SCREENSHOT_PATH)).headers.get('content-type')).toBe('image/png');
}

test.each([1440, 390])(
  'Try a sample screenshot reads it like a picked file; the screenshot opens large beside the list (%i)',
  async (width) => {
    const { page, errors } = await openPage(suite, width, USER);
    await serveSample(page, 'server');
    const dialog = await openUploadModal(page);
    // Submit first: the stale card-count error must go once the sample's cards are read.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(MESSAGES.upload.tooFewCards, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
    await dialog.getByRole('img', { name: 'Preview of the chosen deck image' }).waitFor();
    const list = dialog.getByRole('list', { name: 'Cards Detected' });
    await list.getByRole('listitem').nth(17).waitFor({ timeout: 60_000 });
    expect(await list.getByRole('listitem').count()).toBe(18);
    expect(await dialog.getByText(MESSAGES.upload.tooFewCards, { exact: true }).count()).toBe(0);
    expect(await dialog.getByText(MESSAGES.upload.imageRequired, { exact: true }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Screenshot beside the list' }).click();
    const large = dialog.getByRole('img', { name: 'The chosen deck image, large' });
    await large.waitFor();
    const shot = (await large.boundingBox())!;
    const first = (await list.getByRole('listitem').first().boundingBox())!;
    // Beside the list on a laptop, larger than the 260 px preview; above it, the dialog's width, on a phone.
    if (width === 1440) {
      expect(shot.x).toBeGreaterThan(first.x + first.width - 1);
      expect(shot.width).toBeGreaterThan(600);
    } else {
      expect(shot.y + shot.height).toBeLessThanOrEqual(first.y + 1);
      expect(shot.width).toBeGreaterThan(300);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await large.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `upload-sample-beside-${width}`);
    expect(errors).toEqual([]);
    await page.context().close();
  },
);

test('a missing sample screenshot is told as an alert', async () => {
  const { page } = await openPage(suite, 390, USER);
  await serveSample(page, 'missing');
  const dialog = await openUploadModal(page);
  await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
  await page.getByRole('alert').filter({ hasText: MESSAGES.upload.sampleUnavailable }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'upload-sample-missing-390');
  expect(await dialog.getByRole('img', { name: 'Preview of the chosen deck image' }).count()).toBe(0);
  await page.context().close();
});
