// Issue 38, finding decks and the deck page, in Chromium at a laptop's and a phone's width: what
// several picks in a picker mean, one coherent sort and date window, a page past the last, deck
// descriptions in Markdown, the byline, upvote counts announced, focus in the sign-in dialog and
// after a comment, the header on a phone, and /meta's table saying it scrolls sideways.
import type { Deck } from '../src/common/api/decks';
import { MESSAGES } from '../src/common/messages';
import { insertDeck } from '../src/server/decks/deck-store';
import { setUserRole } from '../src/server/accounts/user-store';
import { axeViolations } from './support/axe';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage, pickOption } from './web-helpers';

const suite = browserSuite();
const MODERATOR = 'HistoryHank';
/** A deck whose description is Markdown, by a user other than the one who comments below. */
let described: { id: string; description: string };

beforeAll(async () => {
  const db = suite.server.server.handle.db;
  expect(await setUserRole(db, MODERATOR, 'moderator')).toBe(true);
  const olga = await db.selectFrom('users').select('id').where('username', '=', 'OceanOlga').executeTakeFirstOrThrow();
  // A demo deck's picture: a missing one would be a 404 in the console.
  const { image } = await db.selectFrom('decks').select('image').limit(1).executeTakeFirstOrThrow();
  const cards = await db.selectFrom('cards').select(['name', 'code']).orderBy('code').limit(18).execute();
  const description =
    '**Fast** deck around [[Five Eyes]].\n\n- play *cheap* cards first\n- see [the guide](https://example.com/guide)';
  const id = await insertDeck(db, {
    userId: olga.id,
    title: 'Markdown described deck',
    deckcode: 'null',
    image,
    description,
    cards,
    albums: ['Space'],
    collections: [],
    tags: [],
  });
  described = { id, description };
});

async function searchApi(body: object): Promise<{ decks: Deck[]; totalDecks: number }> {
  const res = await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ decks: Deck[]; totalDecks: number }>;
}

test.each(WIDTHS)('two albums picked say they both count, and every result has both (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/deck-search-results');
  await page.locator('.search-page .deck-card').first().waitFor();
  await pickOption(page, 'search-albums', 'Space');
  expect(await page.locator('#search-albums-note').textContent()).toBe('');
  await pickOption(page, 'search-albums', 'Science');
  await page.getByText(MESSAGES.decks.pickedAllOf(2, 'albums')).waitFor();
  await page.getByRole('button', { name: 'Search for Decks' }).click();
  await page.waitForURL((url) => url.searchParams.getAll('albums').length === 2);
  await page.locator('.search-page [aria-live][aria-busy="false"]').waitFor();
  const { decks } = await searchApi({ albums: ['Space', 'Science'] });
  expect(decks.every((d) => d.albums.includes('Space') && d.albums.includes('Science'))).toBe(true);
  // The note is kept after the search, beside the two values it explains.
  await page.getByText(MESSAGES.decks.pickedAllOf(2, 'albums')).waitFor();
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)('Most upvoted over the last 30 days: the heading and both controls agree (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/deck-search-results?sort=score&window=30d');
  await page.getByRole('heading', { level: 1, name: /Top Decks of the Last 30 Days/ }).waitFor();
  const sort = page.getByRole('group', { name: 'Sort' });
  const window = page.getByRole('group', { name: 'Date' });
  expect(await sort.getByRole('radio', { name: 'Most upvoted' }).isChecked()).toBe(true);
  expect(await window.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(true);
  expect(await page.getByText('Top all time').count()).toBe(0);
  await window.getByText('All time').click();
  await page.getByRole('heading', { level: 1, name: /Top Decks All Time/ }).waitFor();
  expect(await sort.getByRole('radio', { name: 'Most upvoted' }).isChecked()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)('?page=99 names the last page instead of "No decks found!" under the count (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  const { totalDecks } = await searchApi({});
  const last = Math.ceil(totalDecks / 12);
  await page.goto('/deck-search-results?page=99');
  await page.getByText(`Page 99 is past the last page of these ${totalDecks} decks.`).waitFor();
  expect(await page.getByText(MESSAGES.decks.none).count()).toBe(0);
  await page.getByRole('button', { name: `Go to page ${last}` }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === String(last));
  await page.locator('.search-page .deck-card').first().waitFor();
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)('a Markdown description is rendered, and shared as plain text (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto(`/decks/${described.id}`);
  const description = page.locator('.deck-description');
  await description.waitFor();
  expect(await description.locator('strong').textContent()).toBe('Fast');
  expect(await description.getByRole('link', { name: 'Five Eyes' }).getAttribute('href')).toMatch(/^\/cards\//);
  expect(await description.locator('li').allTextContents()).toEqual(['play cheap cards first', 'see the guide']);
  expect(await description.getByRole('link', { name: 'the guide' }).getAttribute('rel')).toBe('nofollow ugc noopener');
  expect(await description.textContent()).not.toMatch(/\*\*|\[\[/);
  const html = await (await fetch(`${suite.server.baseUrl}/decks/${described.id}`)).text();
  expect(html).toContain(
    '<meta property="og:description" content="Fast deck around Five Eyes. play cheap cards first see the guide" />',
  );
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)(
  'the byline ends at the date when there is no Report; upvote counts are announced (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto(`/decks/${described.id}`);
    const byline = page.locator('.deck-byline');
    await byline.waitFor();
    expect(await byline.getByRole('button', { name: 'Report deck' }).count()).toBe(0);
    expect((await byline.textContent())!.trim()).not.toMatch(/·$/);
    await page.goto('/');
    // An aria-label is announced on an image, not on a plain <span>.
    const score = page.getByRole('img', { name: /^\d+ upvotes?$/ }).first();
    await score.waitFor();
    expect(await score.evaluate((el) => el.classList.contains('deck-card-score'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)(
  'the sign-in dialog opens in its first field; a posted comment leaves the focus in the box (%i)',
  async (width) => {
    const guest = await openPage(suite, width);
    await guest.page.goto('/');
    await guest.page.locator('header.site-header').getByRole('button', { name: 'Sign In' }).click();
    const dialog = guest.page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(guest.page)).toEqual([]);
    await guest.context.close();

    const { page, context, errors } = await openPage(suite, width, 'StarGazer');
    await page.goto(`/decks/${described.id}`);
    const box = page.getByLabel('Add a comment');
    await box.fill(`Focus stays here (${width})`);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.locator('.toasts').getByText(MESSAGES.comments.added).waitFor();
    await page.getByText(`Focus stays here (${width})`).waitFor();
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)(
  "the header keeps the logo beside the links, and /meta's wide table says it scrolls (%i)",
  async (width) => {
    const { page, context, errors } = await openPage(suite, width, MODERATOR);
    await page.goto('/meta');
    await page.locator('.meta-table').waitFor();
    const logo = (await page.locator('header .logo').boundingBox())!;
    const nav = (await page.locator('header .header-actions').boundingBox())!;
    // Side by side: the links start right of the logo, and the logo sits in their first row.
    expect(nav.x).toBeGreaterThanOrEqual(logo.x + logo.width);
    expect(logo.y).toBeLessThan(nav.y + 40);
    expect(await hasHorizontalScroll(page)).toBe(false);

    const region = page.getByRole('region', { name: 'Most played cards' });
    const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    // A phone cannot show every column; a laptop can.
    expect(overflows).toBe(width < 600);
    const hint = page.getByText(MESSAGES.scrollSideways);
    expect(await hint.isVisible()).toBe(overflows);
    if (overflows) {
      expect(await region.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
      expect(await region.getAttribute('class')).toContain('has-more-right');
      await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => region.getAttribute('class')).toContain('has-more-left');
      expect(await region.getAttribute('class')).not.toContain('has-more-right');
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  },
);
