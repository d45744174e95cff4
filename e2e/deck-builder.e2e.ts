// The deck builder, decks as text and comparisons (issue #39) in Chromium at phone and desktop widths.
import type { Deck } from '../src/common/api/decks';
import { MESSAGES } from '../src/common/messages';
import { pickCategory, saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';
import { publishAndWait } from './support/upload';

const suite = browserSuite();
/** The decks published below, by width: the 390 one skips the first two results, so they differ. */
const published = new Map<number, string>();

test.each(WIDTHS)(
  'at %i: builds 18 cards from search and filters, publishes, and sees the drawn image',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width, 'StarGazer');
    await page.goto('/');
    await page.getByRole('link', { name: MESSAGES.builder.headerLink }).click();
    await page.getByRole('heading', { level: 1, name: 'Build a deck' }).waitFor();
    await page.getByLabel('Album', { exact: true }).selectOption('Space');
    await page.getByLabel('Rarity', { exact: true }).selectOption('Common');
    await page.getByRole('list', { name: 'Matching cards' }).getByRole('button').first().waitFor();
    const names = await page
      .getByRole('list', { name: 'Matching cards' })
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!.replace(/^Add /, '')));
    expect(names.length).toBeGreaterThanOrEqual(20);
    const skip = width === 390 ? 2 : 0;
    const wanted = names.slice(skip, skip + 18);
    // One card found by typing part of its name, lower case, the rest added from the filtered list.
    await page.getByLabel('Card name').fill(wanted[0].toLowerCase().slice(0, 6));
    await page.getByRole('button', { name: `Add ${wanted[0]}` }).click();
    await page.getByLabel('Card name').fill('');
    for (const name of wanted.slice(1)) {
      const add = page.getByRole('button', { name: `Add ${name}`, exact: true });
      await add.focus();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('heading', { name: 'Your deck (18 of 18)' }).waitFor();
    expect(await page.getByRole('list', { name: 'Matching cards' }).getByRole('button').first().isDisabled()).toBe(
      true,
    );
    expect(await page.getByLabel('Deck mix').textContent()).toContain('Space: 18');
    // Reorder from the keyboard: the second card moves up.
    await page.getByRole('button', { name: `Move ${wanted[1]} up` }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('list', { name: 'Deck cards' }).getByRole('listitem').first().textContent()).toContain(
      wanted[1],
    );
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `deck-builder-${width}`);

    await page.getByLabel('Title', { exact: true }).fill(`Built at ${width}`);
    await pickCategory(page, 'Albums', 'Space');
    await publishAndWait(
      page,
      page.getByRole('button', { name: 'Publish the deck' }),
      page.getByRole('heading', { level: 1, name: `Built at ${width}` }),
    );
    const id = new URL(page.url()).pathname.split('/').pop()!;
    published.set(width, id);
    const image = page.getByRole('img', { name: `Deck list of Built at ${width}` });
    await image.waitFor();
    await page.waitForFunction((alt) => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
      return !!img && img.complete && img.naturalWidth > 0;
    }, `Deck list of Built at ${width}`);
    expect(await page.locator('.deck-cards li').count()).toBe(18);
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)('at %i: a pasted list fills the builder and names the lines it could not read', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/decks/new');
  await page.getByRole('list', { name: 'Matching cards' }).getByRole('button').first().waitFor();
  await page
    .getByLabel('One card a line: name, code, or both')
    .fill('cano cristales\n2x Heimdal\nFSP006\nStatue of Liberty (STR036)\nMy favourite sandwich');
  await page.getByRole('button', { name: 'Add the pasted cards' }).click();
  await page.getByRole('heading', { name: 'Your deck (4 of 18)' }).waitFor();
  const cards = await page.getByRole('list', { name: 'Deck cards' }).getByRole('listitem').allTextContents();
  expect(cards.map((c) => c.split(/\s+[A-Z]{3,5}\d{3}/)[0])).toEqual([
    'Caño Cristales',
    'Heimdall',
    'Hypernova',
    'Statue of Liberty',
  ]);
  expect(await page.getByRole('alert').textContent()).toContain('My favourite sandwich');
  expect(await page.getByText('Sign in with a confirmed e-mail address to publish a deck.').count()).toBe(1);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)('at %i: a deck is copied as text, and its similar deck opens side by side', async (width) => {
  const [mine, other] = [published.get(390)!, published.get(1440)!];
  const { page, context, errors } = await openPage(suite, width);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/decks/${mine}`);
  await page.getByRole('heading', { level: 1, name: 'Built at 390' }).waitFor();
  await page.getByRole('button', { name: MESSAGES.decks.copyAsText }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.builder.copied }).waitFor();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const served = await (await fetch(`${suite.server.baseUrl}/api/decks/onedeck/${mine}/text`)).text();
  expect(text).toBe(served);
  expect(text.trim().split('\n')).toHaveLength(18);

  const similar = page.getByRole('region', { name: MESSAGES.decks.similarTitle });
  const item = similar.getByRole('listitem').filter({ hasText: 'Built at 1440' });
  expect(await item.textContent()).toContain(MESSAGES.decks.sharedCards(16, 18));
  expect(await item.textContent()).toContain(`${MESSAGES.decks.onlyHere}:`);
  expect(await item.textContent()).toContain(`${MESSAGES.decks.onlyThere}:`);
  await item.getByRole('link', { name: `${MESSAGES.decks.compare}: Built at 1440` }).click();
  await page
    .getByRole('heading', { level: 1, name: MESSAGES.decks.compareTitle('Built at 390', 'Built at 1440') })
    .waitFor();
  expect(await page.locator('.compare-column').nth(0).locator('li.compare-only').count()).toBe(2);
  expect(await page.locator('.compare-column').nth(1).locator('li.compare-only').count()).toBe(2);
  expect(page.url()).toContain(`/decks/${mine}/compare/${other}`);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `deck-compare-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('Copy to the builder starts the builder from the deck', async () => {
  const id = published.get(1440)!;
  const deck = (await (await fetch(`${suite.server.baseUrl}/api/decks/onedeck/${id}`)).json()) as Deck;
  const { page, context } = await openPage(suite, 390);
  await page.goto(`/decks/${id}`);
  await page.getByRole('link', { name: MESSAGES.decks.copyToBuilder }).click();
  await page.getByRole('heading', { name: 'Your deck (18 of 18)' }).waitFor();
  expect(await page.getByRole('list', { name: 'Deck cards' }).getByRole('listitem').first().textContent()).toContain(
    deck.cards[0],
  );
  await context.close();
});
