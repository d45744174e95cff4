import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck } from '../../../test/support/factories';
import { SESSION_COOKIE, SESSION_RENEW_BELOW_MS, SESSION_TTL_MS, createSession, findSessionUser } from './sessions';
import { login, newAccount, register } from '../../../test/support/accounts';

const LOW_LIMITS = { failedLoginsPerAccount: 3, failedLoginsPerIp: 5, registrationsPerIp: 4, resetRequestsPerIp: 2 };

describeEachDatabase('sessions, origin check and permissions', (ctx) => {
  describe('sessions', () => {
    it('expire after their time to live', async () => {
      const account = await register(ctx.app, newAccount());
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', account.username)
        .executeTakeFirstOrThrow();
      const start = new Date('2030-01-01T00:00:00Z');
      const { token } = await createSession(ctx.db, user.id, start);
      expect(await findSessionUser(ctx.db, token, new Date(start.getTime() + SESSION_TTL_MS - 1000))).not.toBeNull();
      expect(await findSessionUser(ctx.db, token, new Date(start.getTime() + 2 * SESSION_TTL_MS))).toBeNull();
      // The expired row is gone, so the token can never come back.
      expect(await findSessionUser(ctx.db, token, start)).toBeNull();
    });

    it('slide: used past half their life, they are renewed for a full term', async () => {
      const account = await register(ctx.app, newAccount());
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', account.username)
        .executeTakeFirstOrThrow();
      const start = new Date('2030-01-01T00:00:00Z');
      const { token } = await createSession(ctx.db, user.id, start);
      expect((await findSessionUser(ctx.db, token, new Date(start.getTime() + 1000)))?.renewedUntil).toBeUndefined();
      const later = new Date(start.getTime() + SESSION_TTL_MS - SESSION_RENEW_BELOW_MS + 1000);
      const renewed = await findSessionUser(ctx.db, token, later);
      expect(renewed?.renewedUntil?.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
      // Still valid where the original term would have ended.
      expect(await findSessionUser(ctx.db, token, new Date(start.getTime() + SESSION_TTL_MS + 1000))).not.toBeNull();
    });

    it('store only a hash of the token', async () => {
      const account = await register(ctx.app, newAccount());
      const token = account.cookie.slice(SESSION_COOKIE.length + 1);
      const rows = await ctx.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });
  });

  describe('origin check', () => {
    it('refuses a state-changing request from another site with 403', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/x',
        headers: { origin: 'https://evil.example' },
        payload: newAccount(),
      });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ error: 'Forbidden', message: 'Cross-site requests are not allowed.' });
      const signOut = await ctx.app.inject({ method: 'DELETE', url: '/api/session', headers: { origin: 'null' } });
      expect(signOut.statusCode).toBe(403);
    });

    it('lets through same-origin requests, requests without Origin, and reads from anywhere', async () => {
      const same = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/x',
        headers: { origin: 'http://localhost:80' },
        payload: newAccount(),
      });
      expect(same.statusCode).toBe(201);
      const read = await ctx.app.inject({ url: '/api/session', headers: { origin: 'https://evil.example' } });
      expect(read.statusCode).toBe(200);
    });
  });

  describe('permissions, with two users registered through the API', () => {
    async function twoUsersAndADeck() {
      const alice = await register(ctx.app, newAccount('alice'));
      const bob = await register(ctx.app, newAccount('bob'));
      const owner = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', alice.username)
        .executeTakeFirstOrThrow();
      const deckId = await buildDeck(ctx.db, owner.id);
      return { alice, bob, deckId };
    }

    it('only the owner edits or deletes a deck', async () => {
      const { alice, bob, deckId } = await twoUsersAndADeck();
      const edit = (cookie: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/decks/editdeck/${deckId}`,
          headers: { cookie },
          payload: { title: 'Renamed' },
        });
      expect((await edit(bob.cookie)).statusCode).toBe(403);
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/decks/deleteone/${deckId}`,
            headers: { cookie: bob.cookie },
          })
        ).statusCode,
      ).toBe(403);
      const edited = await edit(alice.cookie);
      expect(edited.statusCode).toBe(200);
      expect(json(edited)).toMatchObject({ title: 'Renamed', user: alice.username });
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/decks/deleteone/${deckId}`,
            headers: { cookie: alice.cookie },
          })
        ).statusCode,
      ).toBe(200);
    });

    it("a comment's author is the session user, whatever username the body claims", async () => {
      const { alice, bob, deckId } = await twoUsersAndADeck();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/comments/post/${deckId}`,
        headers: { cookie: bob.cookie },
        payload: { username: alice.username, comment: 'Nice deck' },
      });
      expect(res.statusCode).toBe(201);
      expect(json(res)).toMatchObject({ Username: bob.username, Comment: 'Nice deck' });
    });

    it("a vote changes only the caller's own vote, whatever voters list is sent", async () => {
      const { alice, bob, deckId } = await twoUsersAndADeck();
      const vote = (cookie: string, payload: object) =>
        ctx.app.inject({ method: 'POST', url: `/api/decks/onedeck/${deckId}`, headers: { cookie }, payload });
      await vote(alice.cookie, { voters: [alice.username], change: 'increase' });
      const res = await vote(bob.cookie, { voters: [], change: 'decrease' });
      expect(json(res)).toMatchObject({ score: 1, voters: [alice.username] });
      const res2 = await vote(bob.cookie, { voters: [bob.username, 'mallory'], change: 'increase' });
      expect(json<{ voters: string[]; score: number }>(res2).voters.sort()).toEqual(
        [alice.username, bob.username].sort(),
      );
      expect(json(res2)).toMatchObject({ score: 2 });
    });
  });
});

describeEachDatabase(
  'rate limits',
  (ctx) => {
    describe('rate limits', () => {
      it('answers 429 after too many failed sign-ins for one account, even with the right password', async () => {
        const account = await register(ctx.app, newAccount());
        for (let i = 0; i < LOW_LIMITS.failedLoginsPerAccount; i++) {
          expect((await login(ctx.app, account.username, 'Wrong#1234')).statusCode).toBe(401);
        }
        const blocked = await login(ctx.app, account.username, account.password);
        expect(blocked.statusCode).toBe(429);
        expect(json(blocked)).toEqual({
          error: 'Too Many Requests',
          message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
        });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      });

      it('guesses from one address do not lock the owner out at theirs', async () => {
        const account = await register(ctx.app, newAccount());
        const from = (remoteAddress: string, password: string) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/users/passwordlogin/',
            remoteAddress,
            payload: { username: account.username, password },
          });
        for (let i = 0; i < LOW_LIMITS.failedLoginsPerAccount; i++)
          expect((await from('10.3.3.3', 'Wrong#1234')).statusCode).toBe(401);
        expect((await from('10.3.3.3', account.password)).statusCode).toBe(429);
        expect((await from('10.3.3.4', account.password)).statusCode).toBe(200);
      });

      it('answers 429 after too many failed sign-ins from one IP, across accounts', async () => {
        const headers = { 'x-test': 'ip' };
        const remote = { remoteAddress: '10.9.8.7' };
        for (let i = 0; i < LOW_LIMITS.failedLoginsPerIp; i++) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/users/passwordlogin/',
            headers,
            ...remote,
            payload: { username: `ghost${i}`, password: 'x' },
          });
          expect(res.statusCode).toBe(401);
        }
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/users/passwordlogin/',
          ...remote,
          payload: { username: 'ghost_new', password: 'x' },
        });
        expect(res.statusCode).toBe(429);
        // Another IP is unaffected.
        const other = await ctx.app.inject({
          method: 'POST',
          url: '/api/users/passwordlogin/',
          remoteAddress: '10.9.8.8',
          payload: { username: 'ghost_new', password: 'x' },
        });
        expect(other.statusCode).toBe(401);
      });

      it('answers 429 after too many registrations from one IP', async () => {
        const remote = { remoteAddress: '10.1.1.1' };
        for (let i = 0; i < LOW_LIMITS.registrationsPerIp; i++) {
          expect(
            (await ctx.app.inject({ method: 'POST', url: '/api/users/x', ...remote, payload: newAccount() }))
              .statusCode,
          ).toBe(201);
        }
        const res = await ctx.app.inject({ method: 'POST', url: '/api/users/x', ...remote, payload: newAccount() });
        expect(res.statusCode).toBe(429);
        expect(json(res)).toEqual({
          error: 'Too Many Requests',
          message: 'Too many registrations from your network. Please try again in 60 minutes.',
        });
        expect(res.headers['retry-after']).toBeDefined();
      });

      it("refused registrations do not spend the address's budget (the old client's {email_address: null} on every page load)", async () => {
        const remote = { remoteAddress: '10.1.1.2' };
        for (let i = 0; i < LOW_LIMITS.registrationsPerIp * 5; i++) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/users/some-old-uid',
            ...remote,
            payload: { email_address: null },
          });
          expect(res.statusCode).toBe(400);
        }
        for (let i = 0; i < LOW_LIMITS.registrationsPerIp; i++) {
          expect(
            (await ctx.app.inject({ method: 'POST', url: '/api/users/x', ...remote, payload: newAccount() }))
              .statusCode,
          ).toBe(201);
        }
        // Valid attempts do count, a taken name (409) too.
        const res = await ctx.app.inject({ method: 'POST', url: '/api/users/x', ...remote, payload: newAccount() });
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
      });

      it('a registration refused as a duplicate (409) still counts against the address', async () => {
        const remote = { remoteAddress: '10.1.1.3' };
        const taken = await register(ctx.app, newAccount(), '10.1.1.4');
        for (let i = 0; i < LOW_LIMITS.registrationsPerIp; i++) {
          expect(
            (
              await ctx.app.inject({
                method: 'POST',
                url: '/api/users/x',
                ...remote,
                payload: { ...newAccount(), email_address: taken.email_address },
              })
            ).statusCode,
          ).toBe(409);
        }
        expect(
          (await ctx.app.inject({ method: 'POST', url: '/api/users/x', ...remote, payload: newAccount() })).statusCode,
        ).toBe(429);
      });

      it('answers 429 after too many password reset requests from one IP', async () => {
        const remote = { remoteAddress: '10.2.2.2' };
        for (let i = 0; i < LOW_LIMITS.resetRequestsPerIp; i++) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/request-password-reset/',
            ...remote,
            payload: { forgotEmail: 'nobody@example.test' },
          });
          expect(res.statusCode).toBe(200);
        }
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/request-password-reset/',
          ...remote,
          payload: { forgotEmail: 'nobody@example.test' },
        });
        expect(res.statusCode).toBe(429);
        expect(json(res)).toMatchObject({
          error: 'Too Many Requests',
          message: expect.stringMatching(/^Too many password reset requests\./),
        });
      });
    });
  },
  () => ({ accounts: { rateLimits: LOW_LIMITS } }),
);
