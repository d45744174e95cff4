// Account settings on the own profile, in a real browser at a laptop's and a phone's width: change
// the password, download my data, delete my account; axe finds no accessibility violation there.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/common/messages';
import { accountExportSchema } from '../src/common/api/account';
import { SESSION_COOKIE } from '../src/server/accounts/sessions';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const ACC = MESSAGES.account;
const suite = browserSuite();

/** Registers through the API, as the sign-in dialog would, and returns the session token. */
async function registered(username: string, password: string): Promise<string> {
  const email = `${username}@example.test`;
  const res = await fetch(`${suite.server.baseUrl}/api/users/${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: email, username, password }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  return cookie.split(';')[0].slice(SESSION_COOKIE.length + 1);
}

/** The elements wider than the window, to say what makes a phone scroll sideways. */
function widestElements(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`)
      .join(', '),
  );
}

test.each(WIDTHS)('change password, download my data, delete my account (%i)', async (width) => {
  const username = `settings_${width}_${Date.now().toString(36)}`;
  const token = await registered(username, 'First#Pass1');
  const { page, context, errors } = await openPage(suite, width);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: suite.server.baseUrl }]);
  await page.goto('/profile');
  const settings = page.getByRole('region', { name: 'Account settings' });
  await settings.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  expect(await hasHorizontalScroll(page), await widestElements(page)).toBe(false);

  const passwordForm = settings.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill('Wrong#Pass9');
  await passwordForm.getByLabel('New password').fill('Second#Pass2');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await passwordForm.getByText(ACC.wrongPassword).waitFor();
  await passwordForm.getByLabel('Current password').fill('First#Pass1');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await page.getByText(ACC.passwordChanged).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `account-settings-${width}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    settings.getByRole('link', { name: ACC.exportButton }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`deckhub-${username}.json`);
  const exported = accountExportSchema.parse(JSON.parse(fs.readFileSync((await download.path())!, 'utf8')));
  expect(exported.profile.username).toBe(username);

  await settings.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: ACC.deleteTitle });
  await dialog.getByLabel('Your password').fill('Second#Pass2');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByText(ACC.deleted).waitFor();
  await page.waitForURL(`${suite.server.baseUrl}/`);
  await page.locator('header.site-header').getByRole('button', { name: 'Sign In' }).waitFor();
  const db = suite.server.server.handle.db;
  expect(await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()).toBeUndefined();
  // The one failed request is the wrong current password's 403, which the browser logs.
  expect(errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
  await context.close();
});
