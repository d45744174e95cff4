// axe-core on every page of the site, at a laptop's and a phone's width, in the dark theme and the
// light one, signed in as a moderator (so the pages show all they can: comment form, votes, report
// buttons, the moderation queue) and as a guest. One test per width lists every violation found.
import type { Deck } from '../src/common/api/decks';
import { setUserRole } from '../src/server/accounts/user-store';
import { axeViolations } from './support/axe';
import { WIDTHS, browserSuite, openPage } from './web-helpers';

const suite = browserSuite();
const MODERATOR = 'HistoryHank';
const AUTHOR = 'StarGazer';
let decks: Deck[];

beforeAll(async () => {
  const db = suite.server.server.handle.db;
  expect(await setUserRole(db, MODERATOR, 'moderator')).toBe(true);
  const res = await fetch(`${suite.server.baseUrl}/api/decks/search-decks?limit=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  decks = ((await res.json()) as { decks: Deck[] }).decks;
  // A hidden deck of the author's: its card on the author's profile is marked, and must stay readable
  // (the faded card's author link was 3.91:1 in the light theme, issue 38).
  const authors = decks.filter((d) => d.user === AUTHOR);
  await db.updateTable('decks').set({ hidden_at: new Date().toISOString() }).where('id', '=', authors[0]._id).execute();
});

/** Each page, how to know it has loaded, and who looks at it. */
function pages(): { path: string; ready: string; as?: string }[] {
  const [a, b] = decks;
  const code = decks.find((d) => d.cardList?.[0]?.code)!.cardList![0].code!;
  return [
    { path: '/', ready: '.home-columns .deck-card:visible' },
    { path: '/', ready: '.home-columns .deck-card:visible', as: MODERATOR },
    { path: '/deck-search-results?albums=Space&albums=Science&sort=score', ready: '.search-page [aria-busy="false"]' },
    { path: `/decks/${a._id}`, ready: '.deck-cards', as: MODERATOR },
    { path: `/decks/${a._id}`, ready: '.deck-cards' },
    { path: `/decks/${a._id}/compare/${b._id}`, ready: 'h1' },
    { path: `/cards/${code}`, ready: 'h1' },
    { path: '/meta', ready: '.meta-table' },
    { path: `/users/${AUTHOR}`, ready: '.deck-card' },
    { path: '/profile', ready: '.deck-card.is-hidden', as: AUTHOR },
    { path: '/moderation', ready: 'h1', as: MODERATOR },
    { path: '/decks/new', ready: 'h1', as: MODERATOR },
    { path: '/customcards', ready: 'h1' },
    { path: '/innkeepers-decks', ready: '.curated-table' },
    { path: '/no-such-page', ready: 'h1' },
  ];
}

// The two widths side by side: each is half a minute of page loads and axe runs, and the file is
// small, so a fresh checkout (no timings cached) runs it last, with the other worker already done.
test.concurrent.each(WIDTHS)('axe finds no violation on any page, in either theme (%i)', async (width) => {
  const found: Record<string, string[]> = {};
  const contexts = new Map<string | undefined, Awaited<ReturnType<typeof openPage>>>();
  for (const { path, ready, as } of pages()) {
    if (!contexts.has(as)) contexts.set(as, await openPage(suite, width, as));
    const { page } = contexts.get(as)!;
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    // The lazily loaded pickers replace their placeholders after first paint.
    await page.waitForLoadState('networkidle');
    const violations = await axeViolations(page);
    if (violations.length > 0) found[`${path} as ${as ?? 'guest'}`] = violations;
  }
  for (const { context } of contexts.values()) await context.close();
  expect(found).toEqual({});
});
