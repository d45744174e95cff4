// Card pages, similar decks and the upload review's "This deck matches" warning in Chromium, at a
// laptop's and a phone's width, against the real server with its demo data.
import type { Deck } from '../src/common/api/decks';
import { MESSAGES } from '../src/common/messages';
import { insertDeck } from '../src/server/decks/deck-store';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();
/** A demo deck of 18 cards, and a copy of it sharing 17 of them, published by another user. */
let deck: Deck;
let copyTitle: string;

beforeAll(async () => {
  const res = await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { decks } = (await res.json()) as { decks: Deck[] };
  deck = decks.find((d) => d.cardList?.length === 18 && d.cardList.every((c) => c.code))!;
  const db = suite.server.server.handle.db;
  const other = await db.selectFrom('users').select('id').where('username', '=', 'OceanOlga').executeTakeFirstOrThrow();
  const spare = await db
    .selectFrom('cards')
    .select(['name', 'code'])
    .where(
      'code',
      'not in',
      deck.cardList!.map((c) => c.code!),
    )
    .orderBy('code')
    .executeTakeFirstOrThrow();
  copyTitle = `${deck.title} (my take)`;
  await insertDeck(db, {
    userId: other.id,
    title: copyTitle,
    deckcode: 'null',
    image: deck.image,
    description: 'Nearly the same deck.',
    cards: [...deck.cardList!.slice(0, 17).map((c) => ({ name: c.name, code: c.code })), spare],
    albums: deck.albums,
    collections: deck.collections,
    tags: deck.tags,
  });
});

test.each(WIDTHS)(
  'a card name on the deck page opens its card page, with its share of decks and top decks (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto(`/decks/${deck._id}`);
    const card = deck.cardList![0];
    await page.getByRole('list', { name: 'Cards' }).getByRole('link', { name: card.name, exact: true }).click();
    await page.waitForURL(`**/cards/${card.code}`);
    await page.getByRole('heading', { level: 1, name: card.name }).waitFor();
    const stats = (await (await fetch(`${suite.server.baseUrl}/api/cards/${card.code}`)).json()) as {
      decks: number;
      totalDecks: number;
      playedWith: { cards: { name: string }[] };
    };
    await page.getByText(`In ${stats.decks} of ${stats.totalDecks} decks`).waitFor();
    expect(await page.getByText('This week', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Last week', { exact: true }).count()).toBe(1);
    // The played-with list links to those cards' pages; the top decks include the deck we came from.
    const playedWith = page.getByRole('region', { name: 'Played most with it' });
    await playedWith.getByRole('link', { name: stats.playedWith.cards[0].name, exact: true }).waitFor();
    const topDecks = page.getByRole('region', { name: `Top decks with ${card.name}` });
    await topDecks.getByRole('link', { name: deck.title, exact: true }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `card-page-${width}`);
    // Another card from the list, by its link.
    await playedWith.getByRole('link', { name: stats.playedWith.cards[0].name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: stats.playedWith.cards[0].name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  },
);

test('an unknown card says so', async () => {
  const { page, context } = await openPage(suite, 390);
  const res = await page.goto('/cards/NOPE999');
  expect(res?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: 'Card not found' }).waitFor();
  await context.close();
});

test.each(WIDTHS)(
  'the deck page lists the decks sharing 12 or more of its cards, with how many (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto(`/decks/${deck._id}`);
    const similar = page.getByRole('region', { name: MESSAGES.decks.similarTitle });
    const item = similar.getByRole('listitem').filter({ hasText: copyTitle });
    await item.waitFor();
    expect(await item.textContent()).toContain(MESSAGES.decks.sharedCards(17, 18));
    expect(await item.getByRole('link', { name: copyTitle, exact: true }).getAttribute('href')).toMatch(
      /^\/decks\/[0-9a-f]{24}$/,
    );
    expect(await hasHorizontalScroll(page)).toBe(false);
    await similar.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `similar-decks-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)('the upload review warns before publishing a deck that is already there (%i)', async (width) => {
  const { page, context, errors } = await openPage(suite, width, 'StarGazer');
  const db = suite.server.server.handle.db;
  /** Opens the upload dialog, reads the sample screenshot, and returns the dialog with the codes read. */
  const readSample = async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload a deck' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a deck' });
    await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
    const list = dialog.getByRole('list', { name: 'Cards Detected' });
    await list.getByRole('listitem').nth(17).waitFor({ timeout: 60_000 });
    return {
      dialog,
      codes: await list.locator('.detected-card-code').allTextContents(),
      names: await list.locator('.detected-card-name').allTextContents(),
    };
  };
  let { dialog, codes, names } = await readSample();
  const title = 'The sample, published before';
  if (!(await db.selectFrom('decks').select('id').where('title', '=', title).executeTakeFirst())) {
    const olga = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'OceanOlga')
      .executeTakeFirstOrThrow();
    await insertDeck(db, {
      userId: olga.id,
      title,
      deckcode: 'null',
      image: deck.image,
      description: '',
      cards: codes.map((code, i) => ({ code, name: names[i] })),
      albums: ['Space'],
      collections: [],
      tags: [],
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // 18 cards were read: closing asks first.
    await page
      .getByRole('alertdialog', { name: 'Discard this deck?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    ({ dialog, codes, names } = await readSample());
  }
  const warning = dialog.getByRole('status').filter({ hasText: MESSAGES.upload.matchesDeck(title, 18, 18) });
  await warning.waitFor();
  expect(await warning.getByRole('link', { name: title }).getAttribute('target')).toBe('_blank');
  // Each card name links to its card page, in a new tab so the review stays.
  const firstName = dialog.getByRole('list', { name: 'Cards Detected' }).getByRole('link').first();
  expect(await firstName.getAttribute('href')).toBe(`/cards/${codes[0]}`);
  await warning.scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `upload-similar-warning-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)(
  'the meta: the most played cards sorted and filtered from the URL, and the most used categories (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Meta' }).click();
    await page.getByRole('heading', { level: 1, name: 'The meta' }).waitFor();
    const table = page.getByRole('table');
    await table.waitFor();
    const decksHeader = table.getByRole('columnheader', { name: /Decks/ });
    expect(await decksHeader.getAttribute('aria-sort')).toBe('descending');
    const deckCounts = async () =>
      (await table.locator('tbody td:nth-of-type(1)').allTextContents()).map((text) => Number(text.split(' ')[0]));
    const descending = await deckCounts();
    expect(descending.length).toBeGreaterThan(10);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    // Sorting by a column flips on a second press, and the order lives in the URL.
    await decksHeader.getByRole('button').click();
    await page.waitForURL(/order=asc/);
    // The address changes before React renders the new order: wait for the header to say it.
    await expect.poll(() => decksHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.waitForFunction(() => document.querySelector('tbody td')?.textContent?.startsWith('1 '));
    const ascending = await deckCounts();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    // Filtering by album: every card listed is of that album's collections.
    await page.getByRole('combobox', { name: 'Album' }).selectOption('Space');
    await page.waitForURL(/album=Space/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('tbody .meta-card-facts')].every(
        (el) => !/Arts|History/.test(el.textContent ?? ''),
      ),
    );
    const first = table.locator('tbody th a').first();
    const name = (await first.textContent())!;
    const href = (await first.getAttribute('href'))!;
    const code = href.split('/').pop()!;
    const card = (await (await fetch(`${suite.server.baseUrl}/api/cards/${code}`)).json()) as { album: string };
    expect(card.album).toBe('Space');
    // A reload keeps the view.
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Album' }).inputValue()).toBe('Space');
    await expect
      .poll(() => table.getByRole('columnheader', { name: /Decks/ }).getAttribute('aria-sort'))
      .toBe('ascending');

    // The categories, as bars; the page itself never scrolls sideways (the table may, in its own box).
    const categories = page.getByRole('region', { name: 'Most used albums, collections and tags' });
    await categories.getByRole('heading', { name: 'Albums', exact: true }).waitFor();
    expect(await categories.locator('.chart-bar').count()).toBeGreaterThan(7);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `meta-${width}`);

    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  },
);
