// Upload → review → publish → deck page in a real browser, on a catalog where two of the
// screenshot's card names each belong to two cards: the card the reader chose and the one the
// user picked in review are the ones published and shown, not the lowest code of the name.
import { MESSAGES } from '../src/common/messages';
import { importCards } from '../src/server/cards/import-cards';
import { CATALOG_FILE, REAL_SCREENSHOT } from '../test/support/real-data';
import { pickCategory, saveScreenshot } from './support/browser';
import { openUploadModal } from './support/upload';
import { browserSuite, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

/** Second cards for two names of the screenshot: Heimdall is ACNO012 on it, Hypernova FSP006. */
const TWINS = [
  // Higher than the real code: the user picks it in review, where the lowest code would be ACNO012.
  { Code: 'ZZZZ001', Name: 'Heimdall', Rarity: 'Common', Type: 'Limited Card' },
  // Lower than the real code: the lowest code of the name would be this one, whatever was read.
  { Code: 'AAAA002', Name: 'Hypernova', Rarity: 'Common', Type: 'Limited Card' },
];

const suite = browserSuite({ cardsFile: CATALOG_FILE });

beforeAll(async () => {
  // Imported while the server runs: the reader's catalog index must follow.
  await importCards(suite.server.server.handle.db, TWINS);
});

test('the exact cards read and picked are published and shown with their codes', async () => {
  const { page, errors } = await openPage(suite, 1280, 'StarGazer');
  const dialog = await openUploadModal(page);
  await dialog.getByLabel('Deck image').setInputFiles(REAL_SCREENSHOT);
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
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'upload-exact-cards-review');

  await dialog.getByLabel('Title').fill('Twin Cards');
  await pickCategory(dialog, 'Tags', 'Budget');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.upload.success }).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // The deck page, opened from the home page's newest decks.
  await page.getByRole('region', { name: 'Newest Decks' }).getByRole('link', { name: 'Twin Cards' }).first().click();
  await page.getByRole('heading', { name: 'Twin Cards' }).waitFor();
  const cards = page.getByRole('list', { name: 'Cards' });
  expect(await cards.getByRole('listitem').count()).toBe(18);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Heimdall' }).locator('code').textContent()).resolves.toBe(
    'ZZZZ001',
  );
  await expect(
    cards.getByRole('listitem').filter({ hasText: 'Hypernova' }).locator('code').textContent(),
  ).resolves.toBe(hypernovaRead);
  // Every card shows its code.
  expect(await cards.locator('li code').count()).toBe(18);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'deck-exact-cards');

  // And the deck answer carries them.
  const deckId = page.url().split('/').pop();
  const deck = (await (await fetch(`${suite.server.baseUrl}/api/decks/onedeck/${deckId}`)).json()) as {
    cardList: { name: string; code: string }[];
  };
  expect(deck.cardList.find((c) => c.name === 'Heimdall')?.code).toBe('ZZZZ001');
  expect(deck.cardList.find((c) => c.name === 'Hypernova')?.code).toBe(hypernovaRead);
  expect(errors).toEqual([]);
  await page.context().close();
});
