import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from './support/server';
import { collectPageErrors, launchBrowser, saveScreenshot } from './support/browser';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('the home page shows the three columns filled from the API', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const errors = collectPageErrors(page);
  await page.goto(server.baseUrl + '/');
  for (const title of ['Top Decks This Week', 'Newest Decks', 'Top Decks All Time']) {
    const column = page.getByRole('region', { name: title });
    await column.getByRole('listitem').first().waitFor();
    expect(await column.getByRole('listitem').count()).toBe(5);
  }
  await saveScreenshot(page, 'home-1440');
  expect(errors).toEqual([]);
});

test('deep links get the app and unknown API paths a JSON 404', async () => {
  const page = await browser.newPage();
  const res = await page.goto(server.baseUrl + '/decks/0123456789abcdef01234567');
  expect(res?.status()).toBe(200);
  expect(await page.locator('header').getByText('Deckhub').count()).toBe(1);
  const api = await fetch(server.baseUrl + '/api/nothing-here');
  expect(api.status).toBe(404);
  expect(await api.json()).toMatchObject({ error: 'Not Found' });
});
