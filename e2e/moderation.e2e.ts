// Reports and moderation in Chromium, at a phone's and a laptop's width: a reader reports a deck
// (twice: the second time is refused with a message), a moderator hides it from the queue at
// /moderation, it vanishes for others while its author sees it marked, and the moderator restores it.
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';
import { setUserRole } from '../src/server/accounts/user-store';
import { axeViolations } from './support/axe';

const suite = browserSuite();
const AUTHOR = 'StarGazer';
const READER = 'OceanOlga';
const MODERATOR = 'HistoryHank';

beforeAll(async () => {
  expect(await setUserRole(suite.server.server.handle.db, MODERATOR, 'moderator')).toBe(true);
});

/** A deck of the author's per width, so the runs do not share state. */
async function authorsDeck(index: number): Promise<{ id: string; title: string }> {
  const db = suite.server.server.handle.db;
  const decks = await db
    .selectFrom('decks')
    .innerJoin('users', 'users.id', 'decks.user_id')
    .select(['decks.id', 'decks.title'])
    .where('users.username', '=', AUTHOR)
    .orderBy('decks.created_at', 'desc')
    .execute();
  expect(decks.length).toBeGreaterThan(index);
  return decks[index];
}

const toast = (page: Page, text: string) => page.locator('.toasts').getByText(text).waitFor();

test.each(WIDTHS.map((width, i) => [width, i] as const))(
  'report, hide from the queue, hidden for others, marked for the author, restored (%i)',
  async (width, index) => {
    const deck = await authorsDeck(index);

    // A reader reports the deck, then tries again.
    const reader = await openPage(suite, width, READER);
    await reader.page.goto(`/decks/${deck.id}`);
    await reader.page.getByRole('heading', { level: 1, name: deck.title }).waitFor();
    await reader.page.getByRole('button', { name: 'Report deck' }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Report this deck' });
    await dialog.getByLabel('What is wrong with it?').fill('Copied from another player without credit.');
    expect(await axeViolations(reader.page)).toEqual([]);
    await saveScreenshot(reader.page, `moderation-report-dialog-${width}`);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(reader.page, 'Thank you: a moderator will look at your report.');
    await reader.page.getByRole('button', { name: 'Report deck' }).click();
    await dialog.getByLabel('What is wrong with it?').fill('Again');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(reader.page, 'You have already reported this deck.');
    expect(await dialog.count()).toBe(0);

    // The moderator finds it in the queue and hides it; the log says who did it.
    const moderator = await openPage(suite, width, MODERATOR);
    await moderator.page.goto('/');
    await moderator.page.getByRole('link', { name: 'Moderation' }).click();
    await moderator.page.waitForURL('**/moderation');
    const item = moderator.page.locator('.queue-item').filter({ hasText: deck.title });
    await item.getByText('Copied from another player without credit.').waitFor();
    expect(await item.getByText(READER).count()).toBe(1);
    expect(await hasHorizontalScroll(moderator.page)).toBe(false);
    expect(await axeViolations(moderator.page)).toEqual([]);
    await saveScreenshot(moderator.page, `moderation-queue-${width}`);
    await item.getByRole('button', { name: 'Hide' }).click();
    await toast(moderator.page, 'The deck was hidden.');
    await item.getByText('Hidden', { exact: true }).waitFor();
    await moderator.page
      .getByRole('list', { name: 'Moderation log' })
      .getByText(`${MODERATOR} hid the deck ${deck.title}`)
      .first()
      .waitFor();

    // Others: gone from the deck page and from search.
    await reader.page.goto(`/decks/${deck.id}`);
    await reader.page.getByRole('heading', { name: 'Deck not found' }).waitFor();
    await reader.page.goto(`/deck-search-results?user=${AUTHOR}`);
    await reader.page.locator('.deck-card').first().waitFor();
    expect(await reader.page.locator('.deck-card-title').allTextContents()).not.toContain(deck.title);

    // The author: still there, marked, on the deck page and the profile.
    const author = await openPage(suite, width, AUTHOR);
    await author.page.goto(`/decks/${deck.id}`);
    await author.page.getByText('A moderator hid this deck: only you and the moderators see it.').waitFor();
    expect(await axeViolations(author.page)).toEqual([]);
    await saveScreenshot(author.page, `moderation-hidden-deck-author-${width}`);
    await author.page.goto(`/users/${AUTHOR}`);
    await author.page
      .locator('.deck-card.is-hidden')
      .filter({ hasText: deck.title })
      .getByText('Hidden by a moderator')
      .waitFor();

    // A plain user cannot open the queue.
    await reader.page.goto('/moderation');
    await reader.page.getByText('Only moderators can see this page.').waitFor();

    // Restore: everyone sees it again.
    await item.getByRole('button', { name: 'Restore' }).click();
    await toast(moderator.page, 'The deck was restored.');
    await reader.page.goto(`/decks/${deck.id}`);
    await reader.page.getByRole('heading', { level: 1, name: deck.title }).waitFor();

    for (const open of [reader, moderator, author]) {
      expect(open.errors.filter((e) => !/status of 40[349]/.test(e))).toEqual([]);
      await open.context.close();
    }
  },
);
