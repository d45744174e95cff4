// Attempt budgets under concurrency, on both counter stores: many requests sent at once must not
// get more attempts past the check than the budget allows. Every request goes through Fastify.
import { describeEachDatabase, json, type TestContext } from '../../../test/support/test-app';
import { newAccount, register } from '../../../test/support/accounts';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { MESSAGES } from '../../common/messages';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits';
import { testRedisUrl } from '../../../test/support/outside-programs';

// Without TEST_REDIS_URL only the in-memory counters run (REQUIRE_REDIS=1, as in CI, fails instead).
const REDIS_URL = testRedisUrl();
const STORES: { name: string; redisUrl?: string }[] = [
  { name: 'in-memory counters' },
  ...(REDIS_URL ? [{ name: 'Redis counters', redisUrl: REDIS_URL }] : []),
];

/** A client address of its own for each test, so runs sharing one Redis never share a budget. */
const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

for (const store of STORES) {
  describeEachDatabase(
    `attempt budgets hold under concurrency (${store.name})`,
    (ctx: TestContext) => {
      const loginFrom = (remoteAddress: string, username: string, password: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/users/passwordlogin/',
          remoteAddress,
          payload: { username, password },
        });

      it('200 wrong passwords from one address and the right one sent at once: exactly 10 reach the password check', async () => {
        const account = await register(ctx.app, newAccount('brute'), freshIp());
        const ip = freshIp();
        const guesses = Array.from({ length: 200 }, (_, i) => loginFrom(ip, account.username, `Wrong#${i}xyz`));
        const right = loginFrom(ip, account.username, account.password);
        const answers = await Promise.all([...guesses, right]);
        const counts = statusCounts(answers.map((r) => r.statusCode));
        // 401 = reached the check and failed; 200 = reached it and passed; 429 = refused before it.
        expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(DEFAULT_RATE_LIMITS.failedLoginsPerAccount);
        expect(counts[429]).toBe(201 - DEFAULT_RATE_LIMITS.failedLoginsPerAccount);
        expect(json(answers.find((r) => r.statusCode === 429)!)).toEqual({
          error: 'Too Many Requests',
          message: `${MESSAGES.rateLimits.signIn} Please try again in 15 minutes.`,
        });
        // The guesser's own right guess came last: that address stays shut for the window, for it too.
        expect(answers[200].statusCode).toBe(429);
        // The owner, at an address of their own, still gets in.
        expect((await loginFrom(freshIp(), account.username, account.password)).statusCode).toBe(200);
      });

      it('300 wrong passwords, each from its own address, and the right one at once: exactly 100 reach the password check', async () => {
        const account = await register(ctx.app, newAccount('spread'), freshIp());
        // Each guess from its own address: only the account-wide budget can stop them.
        const guesses = Array.from({ length: 300 }, (_, i) => loginFrom(freshIp(), account.username, `Wrong#${i}xyz`));
        const right = loginFrom(freshIp(), account.username, account.password);
        const answers = await Promise.all([...guesses, right]);
        const counts = statusCounts(answers.map((r) => r.statusCode));
        const allAddresses = DEFAULT_RATE_LIMITS.failedLoginsPerAccountAllAddresses;
        expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(allAddresses);
        expect(counts[429]).toBe(301 - allAddresses);
        expect(json(answers.find((r) => r.statusCode === 429)!)).toEqual({
          error: 'Too Many Requests',
          message: `${MESSAGES.rateLimits.signIn} Please try again in 15 minutes.`,
        });
        // The right guess came last: past the account-wide budget the account stays shut for the window, for it too.
        expect(answers[300].statusCode).toBe(429);
      });

      it('120 guesses on 120 accounts from one address at once: exactly 30 reach the check', async () => {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: 120 }, (_, i) => loginFrom(ip, `nobody_${ip}_${i}`, 'Wrong#123')),
        );
        const counts = statusCounts(answers.map((r) => r.statusCode));
        expect(counts).toEqual({
          401: DEFAULT_RATE_LIMITS.failedLoginsPerIp,
          429: 120 - DEFAULT_RATE_LIMITS.failedLoginsPerIp,
        });
        expect(answers.find((r) => r.statusCode === 429)!.headers['retry-after']).toBeDefined();
      });

      it('a successful sign-in gives its attempt back: a user who signs in often is never locked out', async () => {
        const account = await register(ctx.app, newAccount('often'), freshIp());
        const ip = freshIp();
        for (let i = 0; i < DEFAULT_RATE_LIMITS.failedLoginsPerAccount + 5; i++) {
          expect((await loginFrom(ip, account.username, account.password)).statusCode).toBe(200);
        }
      });

      it('100 bad reset tokens from one address at once: exactly 10 are looked up, the rest 429', async () => {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/reset-password',
              remoteAddress: ip,
              payload: { token: `made-up-${ip}-${i}`, password: 'NewSecret#456' },
            }),
          ),
        );
        expect(statusCounts(answers.map((r) => r.statusCode))).toEqual({
          400: DEFAULT_RATE_LIMITS.failedResetsPerIp,
          429: 100 - DEFAULT_RATE_LIMITS.failedResetsPerIp,
        });
        expect(json(answers.find((r) => r.statusCode === 429)!)).toMatchObject({
          message: expect.stringMatching(/^Too many attempts with password reset links\./),
        });
      });

      it('one reset token tried from many addresses at once: 5 attempts, the rest 429', async () => {
        const token = `made-up-${freshIp()}`;
        const answers = await Promise.all(
          Array.from({ length: 50 }, () =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/reset-password',
              remoteAddress: freshIp(),
              payload: { token, password: 'NewSecret#456' },
            }),
          ),
        );
        expect(statusCounts(answers.map((r) => r.statusCode))).toEqual({
          400: DEFAULT_RATE_LIMITS.failedResetsPerToken,
          429: 50 - DEFAULT_RATE_LIMITS.failedResetsPerToken,
        });
      });

      it('100 comments from one account at once: exactly 20 are written, the rest 429', async () => {
        const user = await buildUser(ctx.db);
        const deckId = await buildDeck(ctx.db, user.id);
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            ctx.app.inject({
              method: 'POST',
              url: `/api/comments/post/${deckId}`,
              remoteAddress: freshIp(),
              headers: { cookie: user.cookie },
              payload: { comment: `spam ${i}` },
            }),
          ),
        );
        expect(statusCounts(answers.map((r) => r.statusCode))).toEqual({
          201: DEFAULT_RATE_LIMITS.commentsPerAccount,
          429: 100 - DEFAULT_RATE_LIMITS.commentsPerAccount,
        });
        expect(json(answers.find((r) => r.statusCode === 429)!)).toEqual({
          error: 'Too Many Requests',
          message: `${MESSAGES.rateLimits.comments} Please try again in 10 minutes.`,
        });
        const written = await ctx.db.selectFrom('comments').select('id').where('deck_id', '=', deckId).execute();
        expect(written).toHaveLength(DEFAULT_RATE_LIMITS.commentsPerAccount);
      });

      it('comments from many accounts on one address: the address budget holds', async () => {
        const ip = freshIp();
        const users = await Promise.all(Array.from({ length: 5 }, () => buildUser(ctx.db)));
        const deckId = await buildDeck(ctx.db, users[0].id);
        const answers = await Promise.all(
          users.flatMap((user) =>
            Array.from({ length: 15 }, (_, i) =>
              ctx.app.inject({
                method: 'POST',
                url: `/api/comments/post/${deckId}`,
                remoteAddress: ip,
                headers: { cookie: user.cookie },
                payload: { comment: `from ${user.username} ${i}` },
              }),
            ),
          ),
        );
        expect(statusCounts(answers.map((r) => r.statusCode))).toEqual({
          201: DEFAULT_RATE_LIMITS.commentsPerIp,
          429: 75 - DEFAULT_RATE_LIMITS.commentsPerIp,
        });
      });
    },
    { config: { redisUrl: store.redisUrl } },
  );
}
