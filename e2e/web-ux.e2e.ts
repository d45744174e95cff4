// The UX gaps a browser walk found, each checked where a player meets it: a first upload on a fresh
// install, the card picker, the results' sort, the Innkeeper's table, the card editor on a phone,
// focus after dialogs, errors, missing pages.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import { REAL_SCREENSHOT } from '../test/support/real-data';
import { expectedScreenshotDeck } from '../test/support/images';
import { pickCategory, saveScreenshot } from './support/browser';
import { openUploadModal } from './support/upload';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();

/** The Cards picker of the search bar, once it has loaded (a read-only placeholder stands in before). */
const cardsPicker = (page: Page) => page.locator('#search-cards:not(.picker-placeholder)');
const menu = (page: Page) => page.locator('.picker__menu');

test.each(WIDTHS)(
  'the card picker folds accents and brackets, closes on a pick, and Enter searches (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto('/');
    await cardsPicker(page).fill('cano cristales');
    await page.locator('.picker__option', { hasText: 'Caño Cristales' }).waitFor();
    await page.keyboard.press('Enter');
    expect(await menu(page).count()).toBe(0);

    await cardsPicker(page).fill('the hermit ix');
    // A click picks too, and the menu no longer covers the Search button.
    await page.locator('.picker__option', { hasText: 'The Hermit (IX)' }).click();
    expect(await menu(page).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-ux-picker-${width}`);
    await cardsPicker(page).press('Enter');
    await page.waitForURL(/\/deck-search-results\?/);
    expect(new URL(page.url()).searchParams.getAll('cards')).toEqual(['Caño Cristales', 'The Hermit (IX)']);
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)(
  'the results page sorts Newest or Most upvoted over a date window, kept in the URL (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto('/deck-search-results');
    await page.locator('.search-page .deck-card').first().waitFor();
    const sort = page.getByRole('group', { name: 'Sort' });
    const window = page.getByRole('group', { name: 'Date' });
    expect(await sort.getByRole('radio', { name: 'Newest' }).isChecked()).toBe(true);
    await sort.getByText('Most upvoted').click();
    await page.waitForURL('**/deck-search-results?sort=score');
    await page.getByRole('heading', { level: 1, name: /Top Decks All Time/ }).waitFor();
    await window.getByText('This week').click();
    await page.waitForURL('**/deck-search-results?sort=score&restricted=1');
    await page.getByRole('heading', { level: 1, name: /Top Decks This Week/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Top Decks This Week/ }).waitFor();
    expect(await sort.getByRole('radio', { name: 'Most upvoted' }).isChecked()).toBe(true);
    expect(await window.getByRole('radio', { name: 'This week' }).isChecked()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-ux-sort-${width}`);
    await window.getByText('All time').click();
    await page.waitForURL('**/deck-search-results?sort=score');
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)(
  "the Innkeeper's table is linked from the header and keeps its filters and sort across a visit to a deck (%i)",
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto('/');
    await page.locator('header').getByRole('link', { name: "Innkeeper's Decks" }).click();
    await page.waitForURL('**/innkeepers-decks');
    const rows = page.locator('.curated-table tbody tr');
    await rows.first().waitFor();
    // On a phone the facet lists are folded: the table starts within the first screen.
    const tableTop = await page
      .locator('.curated-table')
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(tableTop).toBeLessThan(600);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-ux-innkeeper-${width}`);

    const toggle = page.getByRole('button', { name: /^Albums, collections and tags/ });
    if (width < 800) {
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
    } else {
      expect(await toggle.isVisible()).toBe(false);
    }
    const albums = page.getByRole('group', { name: 'Albums' });
    const firstAlbum = albums.getByRole('checkbox').first();
    await firstAlbum.check();
    await page.getByRole('button', { name: /^Title/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('title');
    const address = page.url();
    expect(new URL(address).searchParams.getAll('albums')).toHaveLength(1);
    const titles = await rows.locator('td[data-label="Title"]').allTextContents();

    await rows.first().getByRole('link').click();
    await page.waitForURL('**/decks/**');
    await page.goBack();
    await rows.first().waitFor();
    expect(page.url()).toBe(address);
    expect(await rows.locator('td[data-label="Title"]').allTextContents()).toEqual(titles);
    expect(
      await page.locator('th', { has: page.getByRole('button', { name: /^Title/ }) }).getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)('the card editor fits the window with no sideways scroll (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/customcards');
  await page.getByTestId('card-frame').waitFor();
  expect(await hasHorizontalScroll(page)).toBe(false);
  const preview = await page.locator('.ce-preview').boundingBox();
  expect(preview!.x).toBeGreaterThanOrEqual(0);
  expect(preview!.x + preview!.width).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-ux-card-editor-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('the card editor names its six collection-icon choices for screen readers', async () => {
  const { page, context } = await openPage(suite, 1440);
  await page.goto('/customcards');
  await page.getByTestId('card-frame').waitFor();
  // Chromium's own accessibility tree, not a library's guess at it: the names a screen reader hears.
  const cdp = await context.newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string } }[];
  };
  const radios = nodes.filter((n) => n.role?.value === 'radio').map((n) => n.name?.value ?? '');
  expect(radios).toHaveLength(7);
  expect(radios[0]).toBe('None');
  for (const name of radios.slice(1)) expect(name).toMatch(/\w+ collection$/);
  await context.close();
});

test.each(WIDTHS)('closing a dialog gives the focus back to what opened it (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/');
  const header = page.locator('header.site-header');
  const signIn = header.getByRole('button', { name: 'Sign In' });
  await signIn.click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor({ state: 'detached' });
  expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-ux-focus-back-${width}`);

  // After signing in the Sign In button is gone: the focus lands on My Profile, which replaced it.
  await signIn.click();
  const modal = page.getByRole('dialog', { name: 'Sign In' });
  await modal.getByLabel('Username').fill('StarGazer');
  await modal.getByLabel('Password').fill('deckhubdemo');
  await modal.getByRole('button', { name: 'Login' }).click();
  await modal.waitFor({ state: 'detached' });
  expect(await header.getByRole('link', { name: 'My Profile' }).evaluate((el) => el === document.activeElement)).toBe(
    true,
  );

  await page.goto('/customcards');
  const help = page.getByRole('button', { name: 'Help' });
  await help.click();
  await page.getByRole('dialog', { name: 'How to use the card editor' }).getByRole('button', { name: 'Close' }).click();
  expect(await help.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)(
  'a search that fails says so; an unknown tag of a shared link is named and left out (%i)',
  async (width) => {
    const { page, context } = await openPage(suite, width);
    await page.goto('/deck-search-results?tags=NoSuchTag');
    await page.getByRole('note').getByText('tag "NoSuchTag"').waitFor();
    await page.locator('.search-page .deck-card').first().waitFor();
    expect(await page.getByText('No decks found!').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-ux-unknown-filter-${width}`);

    await page.route('**/api/decks/search-decks**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal Server Error","message":"Something went wrong."}',
      }),
    );
    await page.goto('/deck-search-results?cards=Moon');
    await page.getByRole('alert').getByText('The search failed: Something went wrong.').waitFor();
    expect(await page.getByText('No decks found!').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-ux-search-error-${width}`);
    await context.close();
  },
);

test.each(WIDTHS)("missing pages, decks and users answer 404 and show the app's not-found page (%i)", async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  const missing = [
    { path: '/no-such-page', heading: 'Page not found', name: 'page' },
    { path: '/decks/ffffffffffffffffffffffff', heading: 'Deck not found', name: 'deck' },
    { path: '/users/NoSuchPlayer', heading: 'NoSuchPlayer', name: 'user' },
  ];
  for (const { path, heading, name } of missing) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    if (name === 'user') await page.getByText('No such user.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-ux-not-found-${name}-${width}`);
  }
  // The pages that exist still answer 200.
  for (const path of ['/', '/users/StarGazer', '/deck-search-results?cards=Moon'])
    expect((await page.goto(path))?.status()).toBe(200);
  // The app asked the API about the missing deck and user: those 404s are the only console errors.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  await context.close();
});

// Last: it publishes decks. A fresh install (the card list the project ships) as a new player meets
// it: a real screenshot reads all 18 cards; the sample screenshot, read by the real reader, publishes
// a deck of 18 cards with no other step.
test.each(WIDTHS)(
  'first run: sign in, a real screenshot reads its 18 cards, the sample publishes 18 cards (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto('/');
    await page.locator('header.site-header').getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Username').fill('StarGazer');
    await signIn.getByLabel('Password').fill('deckhubdemo');
    await signIn.getByRole('button', { name: 'Login' }).click();
    await signIn.waitFor({ state: 'detached' });

    const dialog = await openUploadModal(page);
    const list = dialog.getByRole('list', { name: 'Cards Detected' });
    await dialog.getByLabel('Deck image').setInputFiles(REAL_SCREENSHOT);
    await list.getByRole('listitem').nth(17).waitFor({ timeout: 60_000 });
    expect(await list.locator('.detected-card-name').allTextContents()).toEqual(
      expectedScreenshotDeck().cards.map((card) => card.name),
    );
    expect(
      await dialog
        .getByRole('alert')
        .filter({ hasText: /^Read \d+ card names/ })
        .count(),
    ).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `first-run-real-read-${width}`);

    await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
    // The sample's cards replace the real screenshot's (its names have at most 14 letters: no 'The Renaissance').
    await list
      .locator('.detected-card-name', { hasText: expectedScreenshotDeck().cards[0].name })
      .waitFor({ state: 'detached', timeout: 60_000 });
    await list.getByRole('listitem').nth(17).waitFor({ timeout: 60_000 });
    expect(await list.getByRole('listitem').count()).toBe(18);
    const names = await list.locator('.detected-card-name').allTextContents();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `first-run-sample-read-${width}`);

    const title = `My first deck at ${width}`;
    await dialog.getByLabel('Title').fill(title);
    await pickCategory(dialog, 'Tags', 'Budget');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    if (width === WIDTHS[1]) {
      // The sample is the same deck at both widths: the second publish is a copy of the first, asked first.
      await page
        .getByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle })
        .getByRole('button', { name: MESSAGES.upload.nearCopyConfirm })
        .click();
    }
    await page.getByRole('status').filter({ hasText: MESSAGES.upload.success }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('region', { name: 'Newest Decks' }).getByRole('link', { name: title }).first().click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const cards = page.getByRole('list', { name: 'Cards' }).getByRole('listitem');
    expect(await cards.count()).toBe(18);
    // The cards the reader found are the ones published.
    const shown = await cards.allTextContents();
    for (const name of names) expect(shown.some((text) => text.includes(name))).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `first-run-deck-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  },
);

test("a test's page holds nothing of the test before it: no session, stored data or permission", async () => {
  const before = await openPage(suite, 1000, 'StarGazer');
  await before.page.goto('/');
  await before.page.evaluate(() => localStorage.setItem('left-behind', 'yes'));
  await before.context.grantPermissions(['clipboard-read']);
  await before.context.close();

  const after = await openPage(suite, 1000);
  // The same context, handed back emptied (web-helpers.ts): that is what this test checks.
  expect(after.context).toBe(before.context);
  await after.page.goto('/');
  expect(await after.context.cookies()).toEqual([]);
  expect(await after.page.evaluate(() => localStorage.getItem('left-behind'))).toBeNull();
  const clipboard = await after.page.evaluate(
    async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
  );
  expect(clipboard).not.toBe('granted');
  await after.context.close();
});
