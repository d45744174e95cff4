// The text search of decks (issue #38) in Chromium at a laptop's and a phone's width: typed on home,
// the words go into the URL; the results page finds a deck by its code, by its title in other case
// and accents, and by its author, shows the text it searched, and drops it once the box is emptied.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';

const suite = browserSuite();

const resultIds = async (page: Page) =>
  (
    await page
      .locator('.search-page .deck-card-title')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  ).map((href) => href.split('/').pop()!);

/** Waits for the results of the search in the URL (not the page before it). */
const settled = (page: Page) => page.locator('.search-page [aria-live][aria-busy="false"]').waitFor();

test.each(WIDTHS)(
  'a deck is found by its code, its title and its author; clearing the box drops the text (%i)',
  async (width) => {
    const db = suite.server.server.handle.db;
    // A demo deck with a code, the newest by this author, so it is on the first page of the author's decks.
    const deck = await db
      .selectFrom('decks')
      .innerJoin('users', 'users.id', 'decks.user_id')
      .select(['decks.id', 'decks.title', 'decks.deckcode', 'users.username'])
      .where('decks.deckcode', 'not in', ['', 'null'])
      .orderBy('decks.created_at', 'desc')
      .executeTakeFirstOrThrow();
    const { page, context, errors } = await openPage(suite, width);
    const box = () => page.getByRole('searchbox', { name: MESSAGES.decks.searchTextLabel });

    await page.goto('/');
    await box().fill(deck.deckcode.toLowerCase());
    await box().press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/deck-search-results' && url.searchParams.get('text') === deck.deckcode.toLowerCase(),
    );
    await settled(page);
    expect(await resultIds(page)).toContain(deck.id);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      MESSAGES.decks.resultsFor(deck.deckcode.toLowerCase()),
    );
    expect(await box().inputValue()).toBe(deck.deckcode.toLowerCase());

    // The whole title, upper-cased and with an accent on its first vowel: the same deck.
    const shouted = deck.title.toUpperCase().replace(/[AEIOU]/, (vowel) => `${vowel}\u0301`.normalize('NFC'));
    await box().fill(shouted);
    await page.getByRole('button', { name: 'Search for Decks' }).click();
    await page.waitForURL((url) => url.searchParams.get('text') === shouted);
    await settled(page);
    expect(await resultIds(page)).toContain(deck.id);

    await box().fill(deck.username);
    await box().press('Enter');
    await page.waitForURL((url) => url.searchParams.get('text') === deck.username);
    await settled(page);
    expect(await resultIds(page)).toContain(deck.id);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, `text-search-${width}`);

    // Emptied, the box searches every deck again, and the address says so.
    await box().fill('');
    await box().press('Enter');
    await page.waitForURL((url) => url.pathname === '/deck-search-results' && !url.searchParams.has('text'));
    // The heading, waited for: the results region of the search before can still read settled.
    await page.getByRole('heading', { level: 1, name: /Search results/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  },
);
