// Deck page, voting, comments, share previews, user pages and the innkeeper's table in Chromium.
import type { Deck } from '../src/common/api/decks';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, focusOutline, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();
/** A demo deck with a deck code, not by StarGazer (who votes and comments below). */
let deck: Deck;

beforeAll(async () => {
  const res = await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { decks } = (await res.json()) as { decks: Deck[] };
  deck = decks.find(
    (d) => d.user !== 'StarGazer' && d.deckcode !== 'null' && d.deckcode !== '' && !d.voters.includes('StarGazer'),
  )!;
});

test.each(WIDTHS)('a guest sees the whole deck at %i, and cannot vote or comment', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/decks/${deck._id}`);
  await page.getByRole('heading', { level: 1, name: deck.title }).waitFor();
  expect(await page.locator('.deck-code code').textContent()).toBe(deck.deckcode);
  await page.getByRole('button', { name: 'Copy deck code' }).click();
  await page.getByRole('status').filter({ hasText: 'Deck code copied.' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(deck.deckcode);
  expect(await page.getByRole('link', { name: deck.user }).first().getAttribute('href')).toBe(`/users/${deck.user}`);
  expect(await page.getByText(`${deck.score} upvote`).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Upvote this deck' }).isDisabled()).toBe(true);
  expect(await page.getByRole('img', { name: `Deck list of ${deck.title}` }).getAttribute('src')).toContain(
    '/upload/w_400/',
  );
  expect(await page.locator('.deck-cards li').count()).toBe(deck.cards.length);
  for (const tag of deck.tags)
    expect(await page.getByRole('list', { name: 'Tags' }).getByText(tag, { exact: true }).count()).toBe(1);
  await page.getByRole('heading', { name: /Comments/ }).waitFor();
  expect(await page.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
  expect(await page.getByText('Sign in to comment.').count()).toBe(1);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-deck-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('a deck without a code shows none', async () => {
  const db = suite.server.server.handle.db;
  const other = await db.selectFrom('decks').select('id').where('deckcode', 'in', ['null', '']).executeTakeFirst();
  if (!other) return;
  const { page, context } = await openPage(suite, 1440);
  await page.goto(`/decks/${other.id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('heading', { name: /Comments/ }).waitFor();
  expect(await page.locator('.deck-code').count()).toBe(0);
  await context.close();
});

test('voting: optimistic, yellow when voted, undone by a second click, kept after reload', async () => {
  const { page, context, errors } = await openPage(suite, 390, 'StarGazer');
  await page.goto(`/decks/${deck._id}`);
  const button = page.getByRole('button', { name: 'Upvote this deck' });
  await button.waitFor();
  const before = deck.score;
  await button.click();
  await page.getByText(`${before + 1} upvote`).waitFor();
  const voted = page.getByRole('button', { name: 'Remove your upvote' });
  expect(await voted.getAttribute('aria-pressed')).toBe('true');
  expect(await voted.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 216, 77)');
  await page.reload();
  await page.getByText(`${before + 1} upvote`).waitFor();
  // Keyboard: Space on the focused button removes the vote.
  await page.getByRole('button', { name: 'Remove your upvote' }).focus();
  expect(await focusOutline(page)).not.toBe('none');
  // The count changes before the server answers: the answer is awaited, or the context may close
  // with the vote still standing, and the next test finds no "Upvote this deck" (seen under load).
  const removed = page.waitForResponse(
    (r) => r.url().endsWith(`/api/decks/onedeck/${deck._id}`) && r.request().method() === 'POST',
  );
  await page.keyboard.press('Space');
  await page.getByText(before === 1 ? '1 upvote' : `${before} upvotes`).waitFor();
  expect((await removed).ok()).toBe(true);
  // The list answers share the cache: the search results show the server's count too.
  expect(errors).toEqual([]);
  await context.close();
});

test('a refused vote is rolled back and the user is told', async () => {
  const { page, context } = await openPage(suite, 1440, 'StarGazer');
  await page.route(`**/api/decks/onedeck/${deck._id}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Internal Server Error', message: 'Try again later.' }),
        })
      : route.continue(),
  );
  await page.goto(`/decks/${deck._id}`);
  const before = (await page.locator('.vote-count').textContent())!;
  await page.getByRole('button', { name: 'Upvote this deck' }).click();
  await page.getByRole('alert').filter({ hasText: 'Your vote was not saved' }).waitFor();
  expect(await page.locator('.vote-count').textContent()).toBe(before);
  expect(await page.getByRole('button', { name: 'Upvote this deck' }).getAttribute('aria-pressed')).toBe('false');
  await context.close();
});

test("comments: post shows 'Comment added!' for 3 s; only your own get a delete icon, which asks first", async () => {
  const { page, context, errors } = await openPage(suite, 1440, 'StarGazer');
  await page.goto(`/decks/${deck._id}`);
  const text = `Great deck! ${Date.now()}`;
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Comment added!' });
  await banner.waitFor();
  expect(await banner.locator('.toast-progress').count()).toBe(1);
  const mine = page.locator('.comment').filter({ hasText: text });
  await mine.waitFor();
  expect(await page.getByLabel('Add a comment').inputValue()).toBe('');
  const deletes = await page.getByRole('button', { name: 'Delete comment' }).count();
  const ownCount = await page
    .locator('.comment')
    .filter({ has: page.getByRole('link', { name: 'StarGazer', exact: true }) })
    .count();
  expect(deletes).toBe(ownCount);
  await banner.waitFor({ state: 'detached', timeout: 4000 });
  await mine.getByRole('button', { name: 'Delete comment' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete comment?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await mine.count()).toBe(1);
  await mine.getByRole('button', { name: 'Delete comment' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await mine.waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await context.close();
});

test('deck links carry Open Graph and Twitter previews', async () => {
  const html = await (await fetch(`${suite.server.baseUrl}/decks/${deck._id}`)).text();
  expect(html).toContain(`<meta property="og:title" content="`);
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="${suite.server.baseUrl}/upload/w_600/[^"]+"`));
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).not.toContain('<!-- deckhub:meta -->');
  const unknown = await (await fetch(`${suite.server.baseUrl}/decks/0123456789abcdef01234567`)).text();
  expect(unknown).not.toContain('og:title');
});

test.each(WIDTHS)("a user's page lists their decks 12 per page (%i)", async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  const { totalDecks } = await (await fetch(`${suite.server.baseUrl}/api/decks/${deck.user}?limit=1`)).json();
  await page.goto(`/users/${deck.user}`);
  await page.getByRole('heading', { level: 1, name: deck.user }).waitFor();
  await page.locator('.deck-card').first().waitFor();
  expect(await page.locator('.deck-card').count()).toBe(Math.min(12, totalDecks));
  if (totalDecks > 12) {
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL('**?page=2');
    await expect.poll(() => page.locator('.deck-card').count()).toBe(Math.min(12, totalDecks - 12));
  }
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-user-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)(
  "the innkeeper's table: search, keyboard sorting with aria-sort, checkbox filters (%i)",
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    const { decks } = (await (
      await fetch(`${suite.server.baseUrl}/api/decks/get-curated`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { decks: Deck[] };
    await page.goto('/innkeepers-decks');
    const rows = page.locator('.curated-table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(decks.length);
    const titleHeader = page.locator('th', { has: page.getByRole('button', { name: /^Title/ }) });
    expect(await titleHeader.getAttribute('aria-sort')).toBe('none');
    await page.getByRole('button', { name: /^Title/ }).focus();
    await page.keyboard.press('Enter');
    // The sort goes through the address, so the table follows a moment after the key.
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBe('ascending');
    const sorted = [...decks.map((d) => d.title)].sort((a, b) =>
      a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }),
    );
    expect(await rows.locator('td[data-label="Title"]').allTextContents()).toEqual(sorted);
    await page.keyboard.press('Enter');
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await rows.locator('td[data-label="Title"]').allTextContents()).toEqual([...sorted].reverse());

    await page.getByLabel('Search titles').fill(decks[0].title);
    await expect
      .poll(() => rows.count())
      .toBe(decks.filter((d) => d.title.toLowerCase().includes(decks[0].title.toLowerCase())).length);
    await page.getByLabel('Search titles').fill('');
    const album = decks[0].albums[0];
    // On a phone the facet lists are folded behind a button.
    const facets = page.getByRole('button', { name: /^Albums, collections and tags/ });
    if (await facets.isVisible()) await facets.click();
    await page.getByRole('group', { name: 'Albums' }).getByLabel('Search albums').fill(album.slice(0, 4));
    await page
      .getByRole('group', { name: 'Albums' })
      .getByRole('checkbox', { name: new RegExp(`^${album.replace(/[&]/g, '\\&')}`) })
      .check();
    await expect.poll(() => rows.count()).toBe(decks.filter((d) => d.albums.includes(album)).length);
    for (const cell of await rows.locator('td[data-label="Albums"]').allTextContents()) expect(cell).toContain(album);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `web-innkeeper-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  },
);
