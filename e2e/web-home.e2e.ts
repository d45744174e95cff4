// Home and the landing gallery in Chromium: columns, breakpoints, gallery rotation and tilt, keyboard.
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, focusOutline, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();

const COLUMNS = ['Top Decks This Week', 'Newest Decks', 'Top Decks All Time'];

test.each(WIDTHS)('home at %i: gallery, search bar and columns of 5 decks, no console errors', async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/');
  const visible = width >= 850 ? COLUMNS : COLUMNS.slice(1);
  for (const title of visible) {
    const column = page.getByRole('region', { name: title });
    await column.getByRole('listitem').first().waitFor();
    expect(await column.getByRole('listitem').count()).toBe(5);
  }
  if (width < 850) expect(await page.getByRole('region', { name: 'Top Decks This Week' }).count()).toBe(0);
  const gallery = page.getByRole('navigation', { name: 'Explore Deckhub' });
  expect(await gallery.getByRole('link', { name: 'Community Decks' }).getAttribute('href')).toBe('/decks');
  expect(await gallery.getByRole('link', { name: 'Custom Card Tool' }).getAttribute('href')).toBe('/customcards');
  const wiki = gallery.getByRole('link', { name: /Wiki Fandom/ });
  expect(await wiki.getAttribute('href')).toBe('https://cards-the-universe-and-everything.fandom.com/');
  expect(await wiki.getAttribute('target')).toBe('_blank');
  expect(await wiki.getAttribute('rel')).toContain('noopener');
  await page.getByRole('button', { name: 'Search for Decks' }).waitFor();
  // A guest has no e-mail, so no upload button.
  expect(await page.getByRole('button', { name: 'Upload a deck' }).count()).toBe(0);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-home-${width}`);
  // /decks is the same page without the gallery.
  await page.goto('/decks');
  await page.getByRole('region', { name: 'Newest Decks' }).getByRole('listitem').first().waitFor();
  expect(await page.getByRole('navigation', { name: 'Explore Deckhub' }).count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `web-decks-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('the grid follows the breakpoints: 1 column to 600, 2 to 850, then one per category', async () => {
  const { page, context } = await openPage(suite, 1440);
  await page.goto('/decks');
  await page.getByRole('region', { name: 'Newest Decks' }).getByRole('listitem').first().waitFor();
  const expected: [width: number, columns: number, isWeekShown: boolean][] = [
    [360, 1, false],
    [600, 1, false],
    [768, 2, false],
    [849, 2, false],
    [850, 3, true],
    [1024, 3, true],
    [1440, 3, true],
  ];
  for (const [width, columns, isWeekShown] of expected) {
    await page.setViewportSize({ width, height: 900 });
    const actual = await page.evaluate(
      () => getComputedStyle(document.querySelector('.home-columns')!).gridTemplateColumns.split(' ').length,
    );
    expect({ width, columns: actual }).toEqual({ width, columns });
    expect(await page.getByRole('heading', { name: 'Top Decks This Week' }).isVisible()).toBe(isWeekShown);
    expect(await hasHorizontalScroll(page)).toBe(false);
  }
  await context.close();
});

test('a column title opens the search results sorted that way', async () => {
  const { page, context } = await openPage(suite, 1440);
  await page.goto('/');
  await page.getByRole('link', { name: 'Top Decks All Time' }).click();
  await page.waitForURL('**/deck-search-results?sort=score');
  await page.getByRole('heading', { level: 1, name: /Top Decks All Time/ }).waitFor();
  const cards = page.locator('.deck-card-score');
  await cards.first().waitFor();
  const scores = (await cards.allTextContents()).map(Number);
  expect(scores).toHaveLength(12);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  await page.goBack();
  await page.getByRole('link', { name: 'Top Decks This Week' }).click();
  await page.waitForURL('**/deck-search-results?sort=score&restricted=1');
  await context.close();
});

test('the gallery rotates every 3 s and a tile tilts under the pointer, back to rest on leave', async () => {
  const { page, context } = await openPage(suite, 1440);
  await page.goto('/');
  const decksTile = page.getByTestId('tile-Community Decks');
  const artTile = page.getByTestId('tile-Custom Card Tool');
  await decksTile.locator('img').waitFor();
  const before = [await decksTile.locator('img').getAttribute('src'), await artTile.locator('img').getAttribute('src')];
  expect(before[0]).toMatch(/\/upload\/w_300\//);
  // Waits for the turn itself (ROTATE_MS, 3 s), not a fixed 3.3 s that a busy machine can outlast.
  await expect
    .poll(() => decksTile.locator('img').getAttribute('src'), { timeout: 15_000, interval: 100 })
    .not.toBe(before[0]);
  await expect
    .poll(() => artTile.locator('img').getAttribute('src'), { timeout: 15_000, interval: 100 })
    .not.toBe(before[1]);

  const box = (await artTile.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width - 1, box.y + 1, { steps: 4 });
  await expect
    .poll(() => artTile.locator('.gallery-tilt').evaluate((el) => (el as HTMLElement).style.transform))
    .toMatch(/scale\(1\.1\)/);
  const transform = await artTile.locator('.gallery-tilt').evaluate((el) => (el as HTMLElement).style.transform);
  const [, rx, ry] = /rotateX\((-?[\d.]+)deg\) rotateY\((-?[\d.]+)deg\)/.exec(transform)!;
  expect(Number(ry)).toBeGreaterThan(17);
  expect(Number(ry)).toBeLessThanOrEqual(19.5);
  expect(Number(rx)).toBeGreaterThan(17);
  await page.mouse.move(5, 5);
  await expect
    .poll(() => artTile.locator('.gallery-tilt').evaluate((el) => (el as HTMLElement).style.transform))
    .toMatch(/rotateX\(0(\.00)?deg\) rotateY\(0(\.00)?deg\) scale\(1\)/);
  await context.close();
});

test('with reduced motion the tiles neither tilt nor rotate', async () => {
  const { page, context } = await openPage(suite, 1440);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const artTile = page.getByTestId('tile-Custom Card Tool');
  const box = (await artTile.boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + 5, { steps: 3 });
  await page.waitForTimeout(100);
  expect(await artTile.locator('.gallery-tilt').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  await context.close();
});

test('home works from the keyboard alone, with visible focus', async () => {
  const { page, context } = await openPage(suite, 390);
  await page.goto('/');
  await page.getByRole('region', { name: 'Newest Decks' }).getByRole('listitem').first().waitFor();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  expect(await focusOutline(page)).not.toBe('none');
  // Tab through the header to the first gallery tile and follow it.
  let name = '';
  for (let i = 0; i < 8 && name !== 'Community Decks'; i++) {
    await page.keyboard.press('Tab');
    name = (await page.evaluate(() => document.activeElement?.textContent ?? '')).trim();
  }
  expect(name).toBe('Community Decks');
  expect(await focusOutline(page)).not.toBe('none');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/decks');
  await context.close();
});

test('a user with an e-mail gets the upload button', async () => {
  const { page, context } = await openPage(suite, 1440, 'StarGazer');
  await page.goto('/');
  await page.getByRole('link', { name: 'My Profile' }).waitFor();
  const upload = page.getByRole('button', { name: 'Upload a deck' });
  await upload.waitFor();
  await upload.click();
  await page.getByRole('dialog').waitFor();
  await context.close();
});
