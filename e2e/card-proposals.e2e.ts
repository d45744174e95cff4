// New cards from screenshots (issue #36) in Chromium, at a laptop's and a phone's width: a
// screenshot holds a card the catalog lacks; the upload review shows it as not in the card list yet
// with its printed code and name; the player publishes with it; a moderator approves it at
// /moderation; and the next upload of the same screenshot reads it as a card like any other.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import { setUserRole } from '../src/server/accounts/user-store';
import { generateScreenshot, type GeneratedScreenshot } from '../src/server/demo/share-screenshot';
import { CATALOG_FILE, loadRealCatalog } from '../test/support/real-data';
import { pickCategory, saveScreenshot } from './support/browser';
import { openUploadModal, submitReview } from './support/upload';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';

// Reads wait as long as they take: on a loaded machine the first read of a cold reader passes 20 s.
const suite = browserSuite({ cardsFile: CATALOG_FILE, ocrReadTimeoutMs: 120_000 });
const PLAYER = 'StarGazer';
const MODERATOR = 'HistoryHank';
let shot: GeneratedScreenshot;

beforeAll(async () => {
  expect(await setUserRole(suite.server.server.handle.db, MODERATOR, 'moderator')).toBe(true);
  // Seed 101 at 900 px: its first two cards (SMA009 Pythagoras' Theorem, OBI011 Blue-footed Booby)
  // are read from their printed code and name when the catalog lacks them (unknown-cards.test.ts).
  shot = await generateScreenshot(loadRealCatalog(), { seed: 101, width: 900, quality: 85 });
});

const toast = (page: Page, text: string) => page.locator('.toasts').getByText(text).waitFor();

/** Picks the screenshot in a fresh upload dialog and waits for the cards read. */
async function uploadShot(page: Page) {
  const dialog = await openUploadModal(page);
  await dialog
    .getByLabel('Deck image')
    .setInputFiles({ name: 'new-card.jpg', mimeType: 'image/jpeg', buffer: shot.image });
  await dialog.getByRole('status').getByText('cards detected', { exact: false }).waitFor({ timeout: 150_000 });
  return { dialog, list: dialog.getByRole('list', { name: 'Cards Detected' }) };
}

test.each(WIDTHS.map((width, i) => [width, i] as const))(
  'a card the catalog lacks: read as printed, published, approved, then read as a card (%i)',
  async (width, index) => {
    const missing = shot.truth.cards[index];
    const db = suite.server.server.handle.db;
    await db.deleteFrom('cards').where('code', '=', missing.code).execute();

    // The player's upload: the card is shown as not in the card list yet, with its code and name.
    const player = await openPage(suite, width, PLAYER);
    await player.page.goto('/');
    const first = await uploadShot(player.page);
    const newCard = first.list.locator('.new-card').filter({ hasText: missing.code });
    await newCard.getByText(MESSAGES.upload.notInCardList).waitFor();
    await expect(newCard.locator('.detected-card-code').textContent()).resolves.toBe(missing.code);
    const readName = (await newCard.locator('.detected-card-name').textContent()) ?? '';
    expect(readName.toLowerCase().replace(/[^a-z]/g, '')).toBe(missing.name.toLowerCase().replace(/[^a-z]/g, ''));
    // The player writes the name as the game does.
    await newCard.getByRole('button', { name: `Correct the code and name of ${readName}` }).click();
    await newCard.getByLabel('Card name').fill(missing.name);
    await newCard.getByRole('button', { name: 'Save' }).click();
    await newCard.locator('.detected-card-name').getByText(missing.name, { exact: true }).waitFor();
    expect(await hasHorizontalScroll(player.page)).toBe(false);
    await saveScreenshot(player.page, `card-proposal-review-${width}`);

    const title = `New card deck ${width}`;
    await first.dialog.getByLabel('Title').fill(title);
    await pickCategory(first.dialog, 'Tags', 'Budget');
    await submitReview(player.page, first.dialog);
    await toast(player.page, MESSAGES.upload.success);
    await first.dialog.waitFor({ state: 'hidden' });

    // The moderator sees the card with its tile among the new cards, and approves it.
    const moderator = await openPage(suite, width, MODERATOR);
    await moderator.page.goto('/moderation');
    const section = moderator.page.getByRole('region', { name: MESSAGES.moderation.proposalsTitle });
    const proposal = section.locator('.proposal').filter({ hasText: missing.code });
    await proposal.getByRole('heading', { name: missing.name }).waitFor();
    await expect(proposal.getByText('Seen in 1 upload', { exact: false }).count()).resolves.toBe(1);
    const tile = proposal.getByRole('img').first();
    await tile.waitFor();
    // Loaded, not only in the page: on a loaded machine the tile is still loading when it appears
    // (a whole run of stop 49 found it incomplete); a broken image never loads and fails here.
    await expect
      .poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true);
    expect(await hasHorizontalScroll(moderator.page)).toBe(false);
    await saveScreenshot(moderator.page, `card-proposals-${width}`);
    await proposal.getByRole('button', { name: `Approve ${missing.code} ${missing.name}` }).click();
    await toast(moderator.page, MESSAGES.moderation.proposalApproved(missing.code, missing.name));
    await proposal.waitFor({ state: 'detached' });

    // The next upload reads it as a card of the catalog, linked to its page.
    await player.page.goto('/');
    const next = await uploadShot(player.page);
    await next.list.getByRole('link', { name: missing.name, exact: true }).waitFor();
    expect(await next.list.locator('.new-card').count()).toBe(0);

    for (const open of [player, moderator]) {
      expect(open.errors).toEqual([]);
      await open.context.close();
    }
  },
  // Two screenshot reads a run, each up to the reader's time limit above on a loaded machine.
  400_000,
);
