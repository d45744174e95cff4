// Feedback a player should not miss or misread: a comment's confirmation where the eye is, the
// profile's deck buttons in line, the Edit dialog's title check, and the notices of the server's
// landing addresses (provider sign-in refused, e-mail confirmed).
import { MESSAGES } from '../src/common/messages';
import { listCatalog } from '../src/server/cards/card-store';
import { publishDeck } from '../src/server/decks/deck-writes';
import { pngImage } from '../test/support/images';
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();
const USER = 'StarGazer';

beforeAll(async () => {
  const {
    app,
    handle: { db },
  } = suite.server.server;
  const user = await db.selectFrom('users').select('id').where('username', '=', USER).executeTakeFirstOrThrow();
  const cards = (await listCatalog(db)).slice(0, 18).map((card) => card.name);
  const image = await pngImage(300, 600);
  // Newest first on the profile: a short title beside long ones that wrap over several lines.
  const titles = [
    'Short',
    'A much longer deck title that wraps over two or three lines in its card',
    'Mid-length title here',
    'Tiny',
  ];
  for (const title of titles) {
    await publishDeck(app, user.id, image, {
      title,
      description: '',
      albums: ['Space'],
      collections: [],
      tags: [],
      cards,
      deckcode: '',
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
});

test.each(WIDTHS)("'Comment added!' shows in the window for 3 s with a progress bar (%i)", async (width) => {
  const { page, context, errors } = await openPage(suite, width, USER);
  const res = await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { decks } = (await res.json()) as { decks: { _id: string }[] };
  await page.goto(`/decks/${decks[0]._id}`);
  await page.getByLabel('Add a comment').fill(`Seen at ${width}`);
  // The toast's life is timed in the page: the test's own steps (a screenshot on a busy machine takes
  // seconds) would otherwise eat into what is measured.
  await page.evaluate(() => {
    const life: { shown?: number; gone?: number } = {};
    (window as unknown as { toastLife: typeof life }).toastLife = life;
    new MutationObserver(() => {
      const present = document.querySelector('.toast .toast-progress') !== null;
      if (present && life.shown === undefined) life.shown = performance.now();
      if (!present && life.shown !== undefined && life.gone === undefined) life.gone = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const toast = page.getByRole('status').locator('.toast').filter({ hasText: MESSAGES.comments.added });
  await toast.waitFor();
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  // Wholly inside the window, wherever the form was scrolled to.
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(await toast.locator('.toast-progress').count()).toBe(1);
  await saveScreenshot(page, `feedback-comment-added-${width}`);
  await toast.waitFor({ state: 'detached', timeout: 10_000 });
  const life = await page.evaluate(
    () => (window as unknown as { toastLife: { shown: number; gone: number } }).toastLife,
  );
  expect(life.gone - life.shown).toBeGreaterThan(2000);
  // After the timing: two axe runs on a busy machine outlast the 3 s toast.
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test.each(WIDTHS)(
  'profile: Edit and Delete line up across a row whatever the titles; Edit Deck checks the title (%i)',
  async (width) => {
    const { page, context, errors } = await openPage(suite, width, USER);
    await page.goto('/profile');
    const cards = page.locator('.deck-card');
    await cards.nth(3).waitFor();
    // Cards side by side (same top) have their Edit buttons at one height, and their Delete buttons.
    const rows = new Map<number, { edit: number; del: number }[]>();
    for (let i = 0; i < (await cards.count()); i++) {
      const card = (await cards.nth(i).boundingBox())!;
      const edit = (await cards.nth(i).getByRole('button', { name: 'Edit Deck' }).boundingBox())!;
      const del = (await cards.nth(i).getByRole('button', { name: 'Delete Deck' }).boundingBox())!;
      const row = Math.round(card.y);
      rows.set(row, [...(rows.get(row) ?? []), { edit: edit.y, del: del.y }]);
    }
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    for (const row of rows.values()) {
      expect(spread(row.map((r) => r.edit))).toBeLessThan(1);
      expect(spread(row.map((r) => r.del))).toBeLessThan(1);
    }
    if (width === 1440) expect(Math.max(...[...rows.values()].map((r) => r.length))).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `feedback-profile-${width}`);

    await cards.filter({ hasText: 'Tiny' }).getByRole('button', { name: 'Edit Deck' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Deck' });
    await dialog.waitFor();
    // The heading stands apart from the first field.
    const heading = (await dialog.getByRole('heading', { name: 'Edit Deck' }).boundingBox())!;
    const label = (await dialog.getByText('Title', { exact: true }).boundingBox())!;
    expect(label.y - (heading.y + heading.height)).toBeGreaterThanOrEqual(12);
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.upload.titleRequired }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `feedback-edit-title-required-${width}`);
    expect(await page.getByText(MESSAGES.editDeck.success).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await cards.filter({ hasText: 'Tiny' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  },
);

test.each(WIDTHS)("the server's landing addresses are told once and dropped from the address (%i)", async (width) => {
  const { page, context, errors } = await openPage(suite, width);
  await page.goto('/?signin-error=email-unverified');
  await page.getByRole('alert').filter({ hasText: MESSAGES.emailVerification.providerNeedsVerifiedEmail }).waitFor();
  await page.waitForURL((url) => url.search === '');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `feedback-provider-unverified-${width}`);
  await page.getByRole('button', { name: 'Dismiss message' }).click();

  await page.goto('/?email-verified=1');
  await page.getByRole('status').filter({ hasText: MESSAGES.emailVerification.confirmed }).waitFor();
  await page.waitForURL((url) => url.search === '');
  await page.goto('/?email-verified=0');
  await page.getByRole('alert').filter({ hasText: MESSAGES.emailVerification.linkInvalid }).waitFor();
  await page.waitForURL((url) => url.search === '');
  expect(errors).toEqual([]);
  await context.close();
});
