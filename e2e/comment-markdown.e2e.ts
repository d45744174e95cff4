// Comments in Markdown in Chromium, at a phone's and a laptop's width: emphasis, a list, code, a
// link with rel="nofollow ugc noopener" and a card mention linking to the card's page, while
// script, javascript: links and raw HTML typed into the same comment stay inert text.
import { saveScreenshot } from './support/browser';
import { WIDTHS, browserSuite, hasHorizontalScroll, openPage } from './web-helpers';
import { axeViolations } from './support/axe';

const suite = browserSuite();

test.each(WIDTHS)('a Markdown comment renders the safe subset and nothing more (%i)', async (width) => {
  const db = suite.server.server.handle.db;
  const card = await db.selectFrom('cards').select(['code', 'name']).orderBy('code').executeTakeFirstOrThrow();
  const deck = await db.selectFrom('decks').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  const { page, context, errors } = await openPage(suite, width, 'PaleoPete');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/decks/${deck.id}`);
  const marker = `w${width}`;
  const comment = [
    `**Strong ${marker}** and *soft*, with [[${card.name.toLowerCase()}]] early.`,
    '',
    '- first',
    '- `second`',
    '',
    `[the wiki](https://cue.fandom.com/wiki/${marker}) [bad ${marker}](javascript:window.__xss=1)`,
    '',
    `<script>window.__xss=1</script><img src=x onerror="window.__xss=1"> <b>raw ${marker}</b>`,
  ].join('\n');
  await page.getByLabel('Add a comment').fill(comment);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const posted = page.locator('.comment').filter({ hasText: `Strong ${marker}` });
  await posted.waitFor();

  await posted.locator('strong', { hasText: `Strong ${marker}` }).waitFor();
  expect(await posted.locator('em').textContent()).toBe('soft');
  expect(await posted.locator('li').allTextContents()).toEqual(['first', 'second']);
  expect(await posted.locator('li code').textContent()).toBe('second');
  const mention = posted.getByRole('link', { name: card.name });
  expect(await mention.getAttribute('href')).toBe(`/cards/${card.code}`);
  const wiki = posted.getByRole('link', { name: 'the wiki' });
  expect(await wiki.getAttribute('rel')).toBe('nofollow ugc noopener');
  // The javascript: link is text, the raw HTML is text, and nothing ran.
  expect(await posted.getByRole('link', { name: `bad ${marker}` }).count()).toBe(0);
  await posted.getByText(`<b>raw ${marker}</b>`, { exact: false }).waitFor();
  expect(await posted.locator('script, img, b').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // After a reload too, from the list the server renders.
  await page.reload();
  await page
    .locator('.comment')
    .filter({ hasText: `Strong ${marker}` })
    .getByRole('link', { name: card.name })
    .waitFor();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page
    .locator('.comment')
    .filter({ hasText: `Strong ${marker}` })
    .scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `comment-markdown-${width}`);
  expect(errors).toEqual([]);
  await context.close();
});
