// Search in Chromium: pickers, the URL round trip, pagination, loading and empty states.
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage, pickOption } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();

/** Titles on the results page only (the page we came from may still be leaving the DOM). */
const resultTitles = (page: Page) => page.locator('.search-page .deck-card-title').allTextContents();

test.each(WIDTHS)('a search from home lands in the URL, survives a reload and can be shared (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/');
  await pickOption(page, 'search-albums', 'Spa');
  expect(await page.locator('.search-picker').first().getByText('Space', { exact: true }).count()).toBe(1);
  await page.getByRole('button', { name: 'Search for Decks' }).click();
  await page.waitForURL('**/deck-search-results?albums=Space');
  await page.locator('.search-page .results-count').waitFor();
  const titles = await resultTitles(page);
  expect(titles.length).toBeGreaterThan(0);
  // Every result has the album: open the first and check its pills.
  await page.reload();
  await page.locator('.deck-card').first().waitFor();
  expect(await resultTitles(page)).toEqual(titles);
  expect(await page.locator('.search-picker').first().getByText('Space', { exact: true }).count()).toBe(1);
  const shared = await context.newPage();
  await shared.goto(page.url());
  await shared.locator('.deck-card').first().waitFor();
  expect(await resultTitles(shared)).toEqual(titles);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-search-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('results page 12 at a time with numbered page buttons, kept in the URL', async () => {
  const { page, context } = await openPage(suite, 1440);
  const { totalDecks } = await (
    await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json();
  const pages = Math.ceil(totalDecks / 12);
  expect(pages).toBeGreaterThan(2);
  await page.goto('/deck-search-results');
  await page.locator('.deck-card').first().waitFor();
  expect(await page.locator('.deck-card').count()).toBe(12);
  const pager = page.getByRole('navigation', { name: 'Search results pages' });
  expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  const first = await resultTitles(page);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await page.waitForURL('**/deck-search-results?page=2');
  await expect.poll(() => resultTitles(page)).not.toEqual(first);
  // Keyboard: focus Next and press Enter.
  await pager.getByRole('button', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/deck-search-results?page=3');
  await page.goto(`/deck-search-results?page=${pages}`);
  await page.locator('.deck-card').first().waitFor();
  expect(await page.locator('.deck-card').count()).toBe(totalDecks - (pages - 1) * 12);
  expect(await pager.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  await context.close();
});

test("'Loading decks...' while the answer is on its way, 'No decks found!' when empty", async () => {
  const { page, context } = await openPage(suite, 390);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/decks/search-decks**', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/deck-search-results?cards=No%20Such%20Card');
  await page.getByText('Loading decks...').waitFor();
  release();
  await page.getByText('No decks found!').waitFor();
  await context.close();
});

test('a picker grows with its values until 5, then stays at most 110px tall', async () => {
  const { page, context } = await openPage(suite, 1440);
  await page.goto('/deck-search-results');
  const maxHeight = () =>
    page
      .locator('.search-picker')
      .nth(2)
      .locator('.picker__value-container')
      .evaluate((el) => getComputedStyle(el).maxHeight);
  for (const tag of ['Budget', 'Burn', 'Blitz', 'Boxing']) await pickOption(page, 'search-tags', tag);
  expect(await maxHeight()).toBe('none');
  await pickOption(page, 'search-tags', 'Bigshot');
  expect(await maxHeight()).toBe('110px');
  const height = await page
    .locator('.search-picker')
    .nth(2)
    .locator('.picker__value-container')
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(110);
  // Chips carry the game's colours: Budget is #b3ee4c.
  expect(
    await page
      .locator('.picker__multi-value')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(179, 238, 76)');
  await context.close();
});

test('cards come from the catalog and narrow the search', async () => {
  const { page, context } = await openPage(suite, 1440);
  const deck = (
    await (
      await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()
  ).decks[0];
  await page.goto('/deck-search-results');
  await pickOption(page, 'search-cards', deck.cards[0]);
  await page.getByRole('button', { name: 'Search for Decks' }).click();
  await page.waitForURL(/cards=/);
  await page.getByRole('link', { name: deck.title }).first().waitFor();
  await context.close();
});
