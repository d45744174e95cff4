// Upload → review → publish → deck page in a real browser, on a catalog where two of the
// screenshot's card names each belong to two cards: the card the reader chose and the one the
// user picked in review are the ones published and shown, not the lowest code of the name.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import { createSession, SESSION_COOKIE } from '../src/server/accounts/sessions';
import { importCards } from '../src/server/cards/import-cards';
import { importRealCatalog } from '../test/support/images';
import { startTestServer, type TestServer } from './support/server';
import { collectPageErrors, launchBrowser, saveScreenshot } from './support/browser';

/** Read in place from the shared data beside the repository, never copied into it. */
const SCREENSHOT = path.resolve(import.meta.dirname, '../../shared/data/screenshots/share-image-1.jpg');

/** Second cards for two names of the screenshot: Heimdall is ACNO012 on it, Hypernova FSP006. */
const TWINS = [
  // Higher than the real code: the user picks it in review, where the lowest code would be ACNO012.
  { Code: 'ZZZZ001', Name: 'Heimdall', Rarity: 'Common', Type: 'Limited Card' },
  // Lower than the real code: the lowest code of the name would be this one, whatever was read.
  { Code: 'AAAA002', Name: 'Hypernova', Rarity: 'Common', Type: 'Limited Card' },
];

let server: TestServer;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.server.handle.db;
  await importRealCatalog(db);
  // Imported while the server runs: the reader's catalog index must follow.
  await importCards(db, TWINS);
  const user = await db.selectFrom('users').select('id').where('username_lower', '=', 'stargazer').executeTakeFirstOrThrow();
  cookie = (await createSession(db, user.id)).token;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: server.baseUrl }]);
  return context.newPage();
}

test('the exact cards read and picked are published and shown with their codes', async () => {
  const page = await signedInPage();
  const errors = collectPageErrors(page);
  await page.goto(server.baseUrl + '/');
  await page.getByRole('button', { name: 'Upload a deck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a deck' });
  await dialog.getByLabel('Deck image').setInputFiles(SCREENSHOT);
  const list = dialog.getByRole('list', { name: 'Cards Detected' });
  await list.getByRole('listitem').nth(17).waitFor({ timeout: 30_000 });

  const codeIn = (item: ReturnType<typeof list.getByRole>) => item.locator('.detected-card-code').textContent();
  // The user takes the other Heimdall, offered among the alternatives.
  const heimdall = list.getByRole('listitem').filter({ hasText: 'Heimdall' });
  await dialog.getByRole('combobox', { name: 'Replace Heimdall with' }).selectOption('ZZZZ001');
  await expect(codeIn(heimdall)).resolves.toBe('ZZZZ001');
  // Hypernova stays as the reader read it: one of its two cards.
  const hypernovaRead = await codeIn(list.getByRole('listitem').filter({ hasText: 'Hypernova' }));
  expect(['FSP006', 'AAAA002']).toContain(hypernovaRead);
  await saveScreenshot(page, 'upload-exact-cards-review');

  await dialog.getByLabel('Title').fill('Twin Cards');
  await dialog.getByLabel('Tags').fill('Budget');
  await dialog.getByLabel('Tags').press('Enter');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.upload.success }).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // The deck page, opened from the home page's newest decks.
  await page.getByRole('region', { name: 'Newest Decks' }).getByRole('link', { name: 'Twin Cards' }).first().click();
  await page.getByRole('heading', { name: 'Twin Cards' }).waitFor();
  const cards = page.getByRole('list', { name: 'Cards' });
  expect(await cards.getByRole('listitem').count()).toBe(18);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Heimdall' }).locator('code').textContent()).resolves.toBe('ZZZZ001');
  await expect(cards.getByRole('listitem').filter({ hasText: 'Hypernova' }).locator('code').textContent()).resolves.toBe(hypernovaRead);
  // Every card shows its code.
  expect(await cards.locator('li code').count()).toBe(18);
  await saveScreenshot(page, 'deck-exact-cards');

  // And the deck answer carries them.
  const deckId = page.url().split('/').pop();
  const deck = (await (await fetch(`${server.baseUrl}/api/decks/onedeck/${deckId}`)).json()) as { cardList: { name: string; code: string }[] };
  expect(deck.cardList.find((c) => c.name === 'Heimdall')?.code).toBe('ZZZZ001');
  expect(deck.cardList.find((c) => c.name === 'Hypernova')?.code).toBe(hypernovaRead);
  expect(errors).toEqual([]);
  await page.context().close();
});
