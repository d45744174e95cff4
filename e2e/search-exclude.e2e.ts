// Search that excludes, in Chromium at a phone's and a laptop's width: "without these cards" in the
// search bar's Exclude section and the date window beside the sort, both in the URL, so a reload or
// a shared link gives the same decks.
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage, pickOption } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();

const resultIds = async (page: Page) =>
  (
    await page
      .locator('.search-page .deck-card-title')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  ).map((href) => href.split('/').pop()!);

test.each(WIDTHS)(
  '"without these cards" and the date window narrow the search and stay in the URL (%i)',
  async (width) => {
    const db = suite.server.server.handle.db;
    // The card most Space decks of the demo data have: excluding it must visibly change the results.
    const { card_name: card } = await db
      .selectFrom('deck_cards')
      .innerJoin('deck_albums', 'deck_albums.deck_id', 'deck_cards.deck_id')
      .select(['deck_cards.card_name', (eb) => eb.fn.countAll().as('n')])
      .where('deck_albums.album', '=', 'Space')
      .groupBy('deck_cards.card_name')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const { page, context, errors } = await openPage(suite, width);
    await page.goto('/deck-search-results?albums=Space');
    await page.locator('.search-page .results-count').waitFor();
    const before = await page.locator('.search-page .results-count').textContent();

    await page.getByText('Exclude', { exact: true }).click();
    await pickOption(page, 'search-excludeCards', card);
    await page.getByRole('button', { name: 'Search for Decks' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('excludeCards') === card && url.searchParams.get('albums') === 'Space',
    );
    await page.locator('.search-page [aria-live][aria-busy="false"]').waitFor();
    await expect.poll(() => page.locator('.search-page .results-count').textContent()).not.toBe(before);
    // No deck shown has the excluded card.
    for (const id of await resultIds(page)) {
      const deck = await (await fetch(`${suite.server.baseUrl}/api/decks/onedeck/${id}`)).json();
      expect(deck.cards).not.toContain(card);
    }

    const window = page.getByRole('group', { name: 'Date' });
    await window.getByText('Last 30 days').click();
    await page.waitForURL(
      (url) => url.searchParams.get('window') === '30d' && url.searchParams.get('excludeCards') === card,
    );
    // The count the API gives for the same search is the one shown (the previous page's stays until it arrives).
    const body = JSON.stringify({ albums: ['Space'], excludeCards: [card], window: '30d' });
    const { totalDecks } = await (
      await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    ).json();
    await expect
      .poll(() => page.locator('.search-page .results-count').textContent())
      .toMatch(new RegExp(`\\b${totalDecks} deck`));
    const shown = await page.locator('.search-page .results-count').textContent();
    await page.reload();
    await page.locator('.search-page [aria-live][aria-busy="false"] .deck-card').first().waitFor();
    expect(await page.locator('.search-page .results-count').textContent()).toBe(shown);
    expect(await window.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(true);
    expect(await page.locator('details.search-exclusions').getAttribute('open')).not.toBeNull();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `search-exclude-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  },
);
