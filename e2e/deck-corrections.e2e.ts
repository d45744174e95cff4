// Correcting a published deck and publishing near-copies (issues #38 and #39), in Chromium at phone
// and desktop widths: the author edits the cards and code and sees the history; a deck code is fixed
// in the upload review; a near-copy (18 of 18 cards, or the same code) asks before publishing.
import type { Locator, Page } from 'playwright-core';
import type { Deck } from '../src/common/api/decks';
import { MESSAGES } from '../src/common/messages';
import { pickCategory, saveScreenshot } from './support/browser';
import { openUploadModal, publishAndWait } from './support/upload';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';

const suite = browserSuite();
const AUTHOR = 'StarGazer';

/** A demo deck of 18 cards with codes, by `username` or (`not`) by anyone else. */
async function demoDeck(username: string, by: 'by' | 'not', skip = 0): Promise<Deck> {
  const db = suite.server.server.handle.db;
  const rows = await db
    .selectFrom('decks')
    .innerJoin('users', 'users.id', 'decks.user_id')
    .select('decks.id')
    .where('users.username', by === 'by' ? '=' : '<>', username)
    .where('decks.hidden_at', 'is', null)
    .orderBy('decks.id')
    .execute();
  const decks: Deck[] = [];
  for (const { id } of rows) {
    const deck = (await (await fetch(`${suite.server.baseUrl}/api/decks/onedeck/${id}`)).json()) as Deck;
    if (deck.cardList?.length === 18 && deck.cardList.every((c) => c.code)) decks.push(deck);
    if (decks.length > skip) return decks[skip];
  }
  throw new Error(`No demo deck ${by} ${username}`);
}

async function decksTitled(title: string): Promise<number> {
  const db = suite.server.server.handle.db;
  const row = await db
    .selectFrom('decks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const nearCopyDialog = (page: Page): Locator => page.getByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle });

test.each(WIDTHS)('at %i: the author edits the cards and code, and sees the history', async (width) => {
  const original = await demoDeck(AUTHOR, 'by', width === 390 ? 1 : 0);
  const { page, context, errors } = await openPage(suite, width, AUTHOR);
  await page.goto(`/decks/${original._id}`);
  await page.getByRole('heading', { level: 1, name: original.title, exact: true }).waitFor();
  // One list so far: no history.
  expect(await page.getByRole('region', { name: MESSAGES.decks.historyTitle }).count()).toBe(0);
  await page.getByRole('link', { name: MESSAGES.decks.editCards }).click();
  await page.getByRole('heading', { level: 1, name: MESSAGES.decks.editCardsTitle(original.title) }).waitFor();
  await page.getByRole('heading', { name: 'Your deck (18 of 18)' }).waitFor();
  const code = `FIX${width}`;
  expect(await page.getByLabel(MESSAGES.upload.deckCodeLabel).inputValue()).toBe(
    original.deckcode === 'null' ? '' : original.deckcode,
  );

  // A code that is no code is refused where it is typed, and nothing is saved.
  await page.getByLabel(MESSAGES.upload.deckCodeLabel).fill('FIX-1');
  await page.getByRole('button', { name: MESSAGES.decks.saveCards }).click();
  await page.getByRole('alert').filter({ hasText: MESSAGES.upload.deckCodeCharacters }).waitFor();
  expect(page.url()).toContain('/edit-cards');

  // One card out, another in, and the code fixed.
  const removed = original.cardList![0];
  await page.getByRole('button', { name: `Remove ${removed.name}` }).click();
  const addButton = page.getByRole('list', { name: 'Matching cards' }).getByRole('button').first();
  const added = (await addButton.getAttribute('aria-label'))!.replace(/^Add /, '');
  await addButton.click();
  await page.getByRole('heading', { name: 'Your deck (18 of 18)' }).waitFor();
  await page.getByLabel(MESSAGES.upload.deckCodeLabel).fill(code.toLowerCase());
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, `deck-edit-cards-${width}`);
  await page.getByRole('button', { name: MESSAGES.decks.saveCards }).click();

  await page.getByRole('heading', { level: 1, name: original.title, exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/decks/${original._id}`);
  await page.getByRole('status').filter({ hasText: MESSAGES.decks.cardsSaved }).waitFor();
  await expect(page.locator('.deck-code code').textContent()).resolves.toBe(code);
  const cards = page.getByRole('list', { name: 'Cards' });
  await cards.getByRole('link', { name: added, exact: true }).waitFor();
  expect(await cards.getByRole('link', { name: removed.name, exact: true }).count()).toBe(0);

  const history = page.getByRole('region', { name: MESSAGES.decks.historyTitle });
  await history.waitFor();
  const versions = history.getByRole('listitem');
  expect(await versions.count()).toBe(2);
  expect(await versions.nth(0).textContent()).toContain(MESSAGES.decks.versionChanged);
  expect(await versions.nth(1).textContent()).toContain(MESSAGES.decks.versionPublished);
  const addedLink = versions.nth(0).getByRole('link', { name: added, exact: true });
  const removedLink = versions.nth(0).getByRole('link', { name: removed.name, exact: true });
  expect(await versions.nth(0).textContent()).toMatch(
    new RegExp(`${MESSAGES.decks.versionAdded}:.*${MESSAGES.decks.versionRemoved}:`),
  );
  expect(await removedLink.getAttribute('href')).toBe(`/cards/${encodeURIComponent(removed.code!)}`);
  expect(await addedLink.getAttribute('href')).toMatch(/^\/cards\/[A-Z0-9]+$/);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await history.scrollIntoViewIfNeeded();
  await saveScreenshot(page, `deck-history-${width}`);

  // The server kept both lists.
  const answer = (await (await fetch(`${suite.server.baseUrl}/api/decks/onedeck/${original._id}/versions`)).json()) as {
    versions: { removed: { name: string }[] }[];
  };
  expect(answer.versions).toHaveLength(2);
  expect(answer.versions[0].removed.map((c) => c.name)).toEqual([removed.name]);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)('at %i: another player sees the history but no Edit cards', async (width) => {
  // The 1440 deck of the test above, corrected by its author.
  const corrected = await demoDeck(AUTHOR, 'by', 0);
  const { page, context } = await openPage(suite, width, 'PaleoPete');
  await page.goto(`/decks/${corrected._id}`);
  await page.getByRole('heading', { level: 1, name: corrected.title }).waitFor();
  await page.getByRole('region', { name: MESSAGES.decks.historyTitle }).waitFor();
  expect(await page.getByRole('link', { name: MESSAGES.decks.editCards }).count()).toBe(0);
  await context.close();
});

test.each(WIDTHS)('at %i: a copy of a deck in the builder asks first, and Cancel publishes nothing', async (width) => {
  // At 1440 the player's own deck, at 390 another player's.
  const own = width === 1440;
  const source = own ? await demoDeck(AUTHOR, 'by', 2) : await demoDeck(AUTHOR, 'not');
  const { page, context, errors } = await openPage(suite, width, AUTHOR);
  await page.goto(`/decks/new?from=${source._id}`);
  await page.getByRole('heading', { name: 'Your deck (18 of 18)' }).waitFor();
  const title = `Copied at ${width}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await pickCategory(page, 'Albums', 'Space');
  const dialog = nearCopyDialog(page);
  await publishAndWait(page, page.getByRole('button', { name: 'Publish the deck' }), dialog);
  expect(await dialog.textContent()).toContain(MESSAGES.upload.nearCopyCards(source.title, 18, 18));
  expect(await dialog.getByRole('link', { name: source.title }).getAttribute('href')).toBe(`/decks/${source._id}`);
  expect(await dialog.textContent()).toContain(
    own ? MESSAGES.upload.nearCopyOwn : MESSAGES.upload.nearCopyOther(source.user),
  );
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, `builder-near-copy-${width}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await decksTitled(title)).toBe(0);
  expect(page.url()).toContain('/decks/new');

  // Asked again, and published on confirm.
  await publishAndWait(page, page.getByRole('button', { name: 'Publish the deck' }), dialog);
  await publishAndWait(
    page,
    dialog.getByRole('button', { name: MESSAGES.upload.nearCopyConfirm }),
    page.getByRole('heading', { level: 1, name: title }),
  );
  expect(await decksTitled(title)).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

// Last: they publish the sample screenshot's deck, so the second width meets the first one's copy.
test.each(WIDTHS)(
  'at %i: the deck code read is a field of the review, fixed before publishing; a copy asks first',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width, AUTHOR);
    const dialog = await openUploadModal(page);
    await dialog.getByRole('button', { name: MESSAGES.upload.trySample }).click();
    const list = dialog.getByRole('list', { name: 'Cards Detected' });
    await list.getByRole('listitem').nth(17).waitFor({ timeout: 90_000 });
    const field = dialog.getByLabel(MESSAGES.upload.deckCodeLabel);
    const read = await field.inputValue();
    expect(read).toMatch(/^[A-Z0-9]{4,10}$/);
    await dialog.getByText(`18 cards detected, deck code ${read}.`).waitFor();

    const title = `Sample at ${width}`;
    await dialog.getByLabel('Title').fill(title);
    await pickCategory(dialog, 'Tags', 'Budget');
    // A misread code with a stray character is refused in the review.
    await field.fill(`${read}#`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.upload.deckCodeCharacters }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const code = `CODE${width}`;
    await field.fill(code);
    expect(await dialog.getByText(MESSAGES.upload.deckCodeCharacters).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, `upload-code-field-${width}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();

    if (width === 390) {
      // The deck published at 1440 holds the same 18 cards: asked, and Cancel publishes nothing.
      const ask = nearCopyDialog(page);
      await ask.waitFor();
      expect(await ask.textContent()).toContain(MESSAGES.upload.nearCopyCards('Sample at 1440', 18, 18));
      expect(await ask.textContent()).toContain(MESSAGES.upload.nearCopyOwn);
      await saveScreenshot(page, `upload-near-copy-${width}`);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await decksTitled(title)).toBe(0);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await nearCopyDialog(page).getByRole('button', { name: MESSAGES.upload.nearCopyConfirm }).click();
    }
    await page.getByRole('status').filter({ hasText: MESSAGES.upload.success }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const db = suite.server.server.handle.db;
    const deck = await db.selectFrom('decks').select('deckcode').where('title', '=', title).executeTakeFirstOrThrow();
    expect(deck.deckcode).toBe(code);
    expect(errors).toEqual([]);
    await context.close();
  },
);
