// Accounts in a real browser against the real server: register, sign out, sign in, forgot
// password through a mail caught by a real SMTP server, and the profile (pages, edit, delete).
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from './support/server';
import { collectPageErrors, launchBrowser, saveScreenshot } from './support/browser';
import { resetLinkOf, startMailCatcher, verifyLinkOf, type MailCatcher } from '../test/support/mail-catcher';
import { pngImage } from '../test/support/images';
import { publishDeck } from '../src/server/decks/deck-writes';
import { listCatalog } from '../src/server/cards/card-store';
import { MESSAGES } from '../src/common/messages';
import { axeViolations } from './support/axe';

let server: TestServer;
let browser: Browser;
let catcher: MailCatcher;

const account = { email: 'e2e.player@example.test', username: 'e2e_player', password: 'First#Pass1' };
const NEW_PASSWORD = 'Second#Pass2';

beforeAll(async () => {
  catcher = await startMailCatcher();
  server = await startTestServer({ smtpUrl: catcher.smtpUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await catcher?.close();
});

const header = (page: Page) => page.locator('header.site-header');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function signIn(page: Page, username: string, password: string) {
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  const modal = dialog(page, 'Sign In');
  await modal.getByLabel('Username').fill(username);
  await modal.getByLabel('Password').fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  await header(page).getByRole('link', { name: 'My Profile' }).waitFor();
}

async function signOutFromProfile(page: Page) {
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('heading', { name: account.username }).waitFor();
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  await header(page).getByRole('button', { name: 'Sign In' }).waitFor();
}

test('register, sign out, and sign in again', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = collectPageErrors(page);
  await page.goto(server.baseUrl + '/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  const modal = dialog(page, 'Sign In');
  await modal.getByRole('tab', { name: 'Register' }).click();

  // The shared rules answer in the browser before anything is sent.
  await modal.getByLabel('Email Address').fill(account.email);
  await modal.getByLabel('Username').fill(account.username);
  await modal.getByLabel('Password', { exact: true }).fill(account.password);
  await modal.getByLabel('Confirm Password').fill('Different#1');
  await modal.getByRole('button', { name: 'Register' }).click();
  await modal.getByText(MESSAGES.registration.passwordsMustMatch).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'accounts-register-mismatch');

  await modal.getByLabel('Confirm Password').fill(account.password);
  await modal.getByRole('button', { name: 'Register' }).click();
  await header(page).getByRole('link', { name: 'My Profile' }).waitFor();

  await signOutFromProfile(page);

  // A wrong password shows its text under the field.
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await dialog(page, 'Sign In').getByLabel('Username').fill(account.username);
  await dialog(page, 'Sign In').getByLabel('Password').fill('Wrong#Pass1');
  await dialog(page, 'Sign In').getByRole('button', { name: 'Login' }).click();
  await dialog(page, 'Sign In').getByText(MESSAGES.login.wrongPassword).waitFor();
  await dialog(page, 'Sign In').getByRole('button', { name: 'Close' }).click();

  await signIn(page, account.username, account.password);

  // Registration mailed a confirmation link: it opens a page whose button confirms (opening it
  // alone, as mail scanners do, confirms nothing); then the site says so once and drops the
  // parameter. The used link, confirmed again, is told as invalid on the page.
  const mail = await catcher.nextMail();
  expect(mail.to).toEqual([account.email]);
  const link = verifyLinkOf(mail);
  const confirmButton = () => page.getByRole('button', { name: MESSAGES.emailVerification.confirmButton });
  await page.goto(link);
  await confirmButton().click();
  await page.getByRole('status').filter({ hasText: MESSAGES.emailVerification.confirmed }).waitFor();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.goto(link);
  await confirmButton().click();
  await page.getByRole('alert').filter({ hasText: MESSAGES.emailVerification.linkInvalid }).waitFor();
  // The browser logs the refusals the test provoked: the wrong password (401) and the used link (400).
  expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  await page.close();
});

test('forgot password: the mailed link resets the password, which then signs in', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.baseUrl + '/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await dialog(page, 'Sign In').getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Forgot Password');
  await forgot.getByLabel('Email Address').fill(account.email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.passwordReset.emailSent }).waitFor();

  // Registration mailed a link that confirms the address first: the reset mail is the one with a reset link.
  const mail = await catcher.mailTo(account.email, /\/reset-password\//);
  expect(mail.to).toEqual([account.email]);
  const link = resetLinkOf(mail);
  expect(link.startsWith(`${server.baseUrl}/reset-password/`)).toBe(true);

  await page.goto(link);
  await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
  await page.getByLabel('New Password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText(MESSAGES.registration.passwordTooShort).waitFor();
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.passwordReset.done }).waitFor();
  await page.waitForURL(`${server.baseUrl}/`);

  await signIn(page, account.username, NEW_PASSWORD);

  // The link worked once only.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Third#Pass3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('alert').filter({ hasText: MESSAGES.passwordReset.failed }).waitFor();
  await page.close();
});

test('profile: numbered pages, edit a deck, delete a deck after confirming', async () => {
  const { db } = server.server.handle;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', account.username)
    .executeTakeFirstOrThrow();
  // Published through the server's own write path, which evicts the profile page it may keep.
  const cardNames = (await listCatalog(db)).slice(0, 18).map((card) => card.name);
  const image = await pngImage(300, 600);
  for (let i = 1; i <= 14; i++) {
    const deck = {
      title: `E2E Deck ${String(i).padStart(2, '0')}`,
      description: '',
      albums: ['Space'],
      collections: [],
      tags: [],
      cards: cardNames,
      deckcode: '',
    };
    await publishDeck(server.server.app, user.id, image, deck);
    // Newest first on the profile: one millisecond apart at least, so the order is the titles'.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = collectPageErrors(page);
  await page.goto(server.baseUrl + '/');
  await signIn(page, account.username, NEW_PASSWORD);
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('heading', { name: account.username }).waitFor();

  const cards = page.locator('.deck-card');
  await cards.first().waitFor();
  expect(await cards.count()).toBe(12);
  await page.getByText('14 decks').waitFor();
  const pager = page.getByRole('navigation', { name: 'Pages of my decks' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await page.getByRole('link', { name: 'E2E Deck 01' }).waitFor();
  expect(await cards.count()).toBe(2);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'accounts-profile-page-2');

  // Edit the newest deck.
  await pager.getByRole('button', { name: 'Page 1' }).click();
  const newest = cards.filter({ hasText: 'E2E Deck 14' });
  await newest.getByRole('button', { name: 'Edit Deck' }).click();
  const edit = dialog(page, 'Edit Deck');
  await edit.getByLabel('Title').fill('Renamed In Browser');
  await edit.getByLabel('Description').fill('Edited by the e2e test.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.editDeck.success }).waitFor();
  await page.getByRole('link', { name: 'Renamed In Browser' }).waitFor();
  const stored = await db
    .selectFrom('decks')
    .select(['title', 'description'])
    .where('title', '=', 'Renamed In Browser')
    .executeTakeFirstOrThrow();
  expect(stored.description).toBe('Edited by the e2e test.');

  // Delete: cancelling keeps the deck, confirming removes it.
  const renamed = cards.filter({ hasText: 'Renamed In Browser' });
  await renamed.getByRole('button', { name: 'Delete Deck' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Deck' }).getByRole('button', { name: 'Cancel' }).click();
  expect(await renamed.count()).toBe(1);
  await renamed.getByRole('button', { name: 'Delete Deck' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Deck' }).getByRole('button', { name: 'Delete Deck' }).click();
  await page.getByText('13 decks').waitFor();
  expect(await page.getByRole('link', { name: 'Renamed In Browser' }).count()).toBe(0);
  expect(
    await db.selectFrom('decks').select('id').where('title', '=', 'Renamed In Browser').executeTakeFirst(),
  ).toBeUndefined();
  expect(errors).toEqual([]);
  await page.close();
});
