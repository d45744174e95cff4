// A report flood cannot hide a real report (issue 33 M1: 27 new accounts reporting the same 20 decks,
// 540 reports in 0.6 s, pushed a real report on another deck out of the queue, which read only the
// newest 500 reports). The queue lists items, all of them, a page at a time; an established
// reader's report comes first; and one address cannot send more than its share of reports.
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import { MAX_REPORTS_SHOWN, QUEUE_ITEMS_PER_PAGE, type ModerationQueue } from '../../common/api/moderation';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits';

const FLOOD_ACCOUNTS = 27;
const FLOOD_DECKS = 20;

/** The `rel` link of a paged answer, if any. */
const linkOf = (res: LightMyRequestResponse, rel: 'next' | 'prev') =>
  new RegExp(`<([^>]+)>; rel="${rel}"`).exec(String(res.headers.link ?? ''))?.[1];

describeEachDatabase('a report flood', (ctx) => {
  let moderator: TestUser;
  const report = (user: TestUser, itemId: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: user.cookie },
      remoteAddress,
      payload: { itemType: 'deck', itemId, reason: 'Spam' },
    });
  const queue = (url = '/api/moderation/queue') => ctx.app.inject({ url, headers: { cookie: moderator.cookie } });

  beforeAll(async () => {
    moderator = await buildUser(ctx.db, { role: 'moderator' });
  });

  test(
    `${FLOOD_ACCOUNTS} new accounts x ${FLOOD_DECKS} decks after one real report: the real one leads the queue, every item is listed, paged`,
    { timeout: 60_000 },
    async () => {
      const author = await buildUser(ctx.db);
      const realDeck = await buildDeck(ctx.db, author.id, { title: 'Really copied' });
      // An established reader: confirmed address, a month old.
      const reader = await buildUser(ctx.db);
      const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
      await ctx.db
        .updateTable('users')
        .set({ created_at: monthAgo, email_verified_at: monthAgo })
        .where('id', '=', reader.id)
        .execute();
      expect((await report(reader, realDeck, '198.51.100.1')).statusCode).toBe(201);

      const floodDecks = await Promise.all(Array.from({ length: FLOOD_DECKS }, () => buildDeck(ctx.db, author.id)));
      const flooders = await Promise.all(Array.from({ length: FLOOD_ACCOUNTS }, () => buildUser(ctx.db)));
      // Each flooder from its own address, so no per-address budget stops the flood: the order must.
      const answers = await Promise.all(
        flooders.flatMap((flooder, i) => floodDecks.map((deck) => report(flooder, deck, `203.0.113.${i + 1}`))),
      );
      expect(answers.every((res) => res.statusCode === 201)).toBe(true);

      const first = await queue();
      expect(first.statusCode).toBe(200);
      const page1 = json<ModerationQueue>(first);
      expect(page1).toMatchObject({ page: 1, totalItems: FLOOD_DECKS + 1 });
      expect(page1.items).toHaveLength(QUEUE_ITEMS_PER_PAGE);
      expect(page1.items[0]).toMatchObject({
        itemId: realDeck,
        reportCount: 1,
        establishedReportCount: 1,
        reports: [{ username: reader.username, isNewAccount: false }],
      });
      const flooded = page1.items[1];
      expect(flooded).toMatchObject({ reportCount: FLOOD_ACCOUNTS, establishedReportCount: 0 });
      expect(flooded.reports).toHaveLength(MAX_REPORTS_SHOWN);
      expect(flooded.reports.every((r) => r.isNewAccount)).toBe(true);

      expect(linkOf(first, 'prev')).toBeUndefined();
      const next = linkOf(first, 'next');
      expect(next).toBe('/api/moderation/queue?page=2');
      const second = await queue(next);
      const page2 = json<ModerationQueue>(second);
      expect(page2.page).toBe(2);
      expect(linkOf(second, 'next')).toBeUndefined();
      expect(linkOf(second, 'prev')).toBe('/api/moderation/queue?page=1');
      // Every item exactly once across the pages.
      const ids = [...page1.items, ...page2.items].map((item) => item.itemId);
      expect(new Set(ids)).toEqual(new Set([realDeck, ...floodDecks]));
      expect(ids).toHaveLength(FLOOD_DECKS + 1);

      // A page past the end is empty, not an error; a page that is no number is a 400.
      expect(json<ModerationQueue>(await queue('/api/moderation/queue?page=50')).items).toEqual([]);
      expect((await queue('/api/moderation/queue?page=zero')).statusCode).toBe(400);
    },
  );

  test(
    `one address sends at most ${DEFAULT_RATE_LIMITS.reportsPerIp} reports an hour, whatever accounts it uses; then 429 with Retry-After`,
    { timeout: 60_000 },
    async () => {
      const author = await buildUser(ctx.db);
      const decks = await Promise.all(
        Array.from({ length: DEFAULT_RATE_LIMITS.reportsPerAccount }, () => buildDeck(ctx.db, author.id)),
      );
      const accounts = Math.ceil(DEFAULT_RATE_LIMITS.reportsPerIp / DEFAULT_RATE_LIMITS.reportsPerAccount) + 1;
      const users = await Promise.all(Array.from({ length: accounts }, () => buildUser(ctx.db)));
      const answers = [];
      for (const user of users) for (const deck of decks) answers.push(await report(user, deck, '192.0.2.77'));
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(DEFAULT_RATE_LIMITS.reportsPerIp);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(accounts * decks.length - DEFAULT_RATE_LIMITS.reportsPerIp);
      expect(json(refused[0])).toMatchObject({
        error: 'Too Many Requests',
        message: expect.stringContaining('You have sent many reports in a short time.'),
      });
      expect(refused[0].headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await report(users[users.length - 1], decks[0], '192.0.2.78')).statusCode).toBe(201);
    },
  );
});
