import { MESSAGES } from '../../common/messages';
import { accountExportSchema } from '../../common/api/account';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { login, newAccount, register } from '../../../test/support/accounts';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { startMailCatcher, verifyLinkOf, type MailCatcher } from '../../../test/support/mail-catcher';

const ACC = MESSAGES.account;
let catcher: MailCatcher;
afterAll(async () => {
  await catcher?.close();
});

describeEachDatabase(
  'account settings: password, address, export, deletion',
  (ctx) => {
    const call = (method: 'POST' | 'GET' | 'DELETE', url: string, cookie: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie }, payload });
    const sessionOf = async (cookie: string) =>
      json<{ user: { username: string; email_address: string } | null }>(
        await ctx.app.inject({ url: '/api/session', headers: { cookie } }),
      ).user;
    /** Registers through the API and takes its verification mail out of the catcher. */
    const registered = async () => {
      const account = await register(ctx.app, newAccount('settings'));
      verifyLinkOf(await catcher.nextMail());
      return account;
    };
    const userIdOf = async (username: string) =>
      (await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

    it('changes the password only with the current one, and ends every other session', async () => {
      const account = await registered();
      const other = (await login(ctx.app, account.username, account.password)).cookies[0];
      const otherCookie = `${other.name}=${other.value}`;

      const wrong = await call('POST', '/api/account/password', account.cookie, {
        currentPassword: 'Wrong#999',
        newPassword: 'NewSecret#456',
      });
      expect(wrong.statusCode).toBe(403);
      expect(json(wrong)).toEqual({ error: 'Forbidden', message: ACC.wrongPassword });
      const weak = await call('POST', '/api/account/password', account.cookie, {
        currentPassword: account.password,
        newPassword: 'short',
      });
      expect(weak.statusCode).toBe(400);
      expect(json(weak)).toMatchObject({ message: MESSAGES.registration.passwordTooShort });
      const missing = await call('POST', '/api/account/password', account.cookie, { newPassword: 'NewSecret#456' });
      expect(json(missing)).toMatchObject({ message: ACC.currentPasswordRequired });

      const done = await call('POST', '/api/account/password', account.cookie, {
        currentPassword: account.password,
        newPassword: 'NewSecret#456',
      });
      expect(done.statusCode).toBe(200);
      expect(json(done)).toEqual({ message: ACC.passwordChanged });
      // This browser stays signed in with a new session; the other one is out.
      const renewed = done.cookies.find((c) => c.name === other.name)!;
      expect(await sessionOf(`${renewed.name}=${renewed.value}`)).toMatchObject({ username: account.username });
      expect(await sessionOf(otherCookie)).toBeNull();
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(401);
      expect((await login(ctx.app, account.username, 'NewSecret#456')).statusCode).toBe(200);
    });

    it('wrong current passwords spend the sign-in budget', async () => {
      const account = await registered();
      const attempts = [];
      for (let i = 0; i < 12; i++)
        attempts.push(
          (
            await call('POST', '/api/account/password', account.cookie, {
              currentPassword: `Wrong#${i}`,
              newPassword: 'NewSecret#456',
            })
          ).statusCode,
        );
      expect(attempts).toContain(429);
      expect(attempts.filter((s) => s !== 403 && s !== 429)).toEqual([]);
    });

    it('changes the address only once the link mailed to the new one is confirmed', async () => {
      const account = await registered();
      const taken = await buildUser(ctx.db);
      const newEmail = `moved.${Date.now().toString(36)}@example.test`;
      expect(
        json(
          await call('POST', '/api/account/email', account.cookie, {
            currentPassword: account.password,
            email: account.email_address,
          }),
        ),
      ).toMatchObject({ message: ACC.sameEmail });
      const inUse = await call('POST', '/api/account/email', account.cookie, {
        currentPassword: account.password,
        email: taken.email,
      });
      expect(inUse.statusCode).toBe(409);
      expect(
        (await call('POST', '/api/account/email', account.cookie, { currentPassword: 'Wrong#1', email: newEmail }))
          .statusCode,
      ).toBe(403);

      const asked = await call('POST', '/api/account/email', account.cookie, {
        currentPassword: account.password,
        email: newEmail.toUpperCase(),
      });
      expect(asked.statusCode).toBe(200);
      expect(json(asked)).toEqual({ message: ACC.emailChangeSent });
      const mail = await catcher.nextMail();
      expect(mail.to).toEqual([newEmail]);
      expect(mail.raw).toMatch(/Subject: Confirm your new Deckhub e-mail address/);
      // Nothing changes until the link is confirmed.
      expect(await sessionOf(account.cookie)).toMatchObject({ email_address: account.email_address });

      const token = verifyLinkOf(mail).split('/').pop()!;
      const confirmed = await ctx.app.inject({ method: 'POST', url: `/api/verify-email/${token}` });
      expect(confirmed.statusCode).toBe(200);
      expect(json(confirmed)).toEqual({ message: ACC.emailChanged });
      expect(await sessionOf(account.cookie)).toMatchObject({ email_address: newEmail });
      const row = await ctx.db
        .selectFrom('users')
        .select(['email', 'email_verified_at'])
        .where('username', '=', account.username)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(newEmail);
      expect(row.email_verified_at).not.toBeNull();
      // The link is used up.
      expect((await ctx.app.inject({ method: 'POST', url: `/api/verify-email/${token}` })).statusCode).toBe(400);
    });

    it('exports the profile, decks (hidden too), comments and votes of the signed-in user only', async () => {
      const account = await registered();
      const userId = await userIdOf(account.username);
      const other = await buildUser(ctx.db);
      const mine = await buildDeck(ctx.db, userId, { title: 'My export deck' });
      const theirs = await buildDeck(ctx.db, other.id);
      await ctx.db.updateTable('decks').set({ hidden_at: new Date().toISOString() }).where('id', '=', mine).execute();
      expect(
        (await call('POST', `/api/decks/onedeck/${theirs}`, account.cookie, { change: 'increase' })).statusCode,
      ).toBeLessThan(300);
      expect(
        (await call('POST', `/api/comments/post/${theirs}`, account.cookie, { comment: 'Nice **deck**' })).statusCode,
      ).toBeLessThan(300);

      const res = await call('GET', '/api/account/export', account.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="deckhub-${account.username}.json"`);
      const data = accountExportSchema.parse(json(res));
      expect(data.profile).toMatchObject({ username: account.username, email: account.email_address });
      expect(data.decks.map((d) => d.title)).toEqual(['My export deck']);
      expect(data.decks[0].cards).toHaveLength(18);
      expect(data.votes).toEqual([{ deckId: theirs, createdAt: expect.any(String) }]);
      expect(data.comments).toEqual([
        { id: expect.any(String), deckId: theirs, body: 'Nice **deck**', createdAt: expect.any(String) },
      ]);
      expect((await ctx.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
    });

    it('deletes the account with its password: decks and comments gone, votes withdrawn, sessions ended', async () => {
      const account = await registered();
      const userId = await userIdOf(account.username);
      const other = await buildUser(ctx.db);
      const mine = await buildDeck(ctx.db, userId);
      const theirs = await buildDeck(ctx.db, other.id);
      await call('POST', `/api/decks/onedeck/${theirs}`, account.cookie, { change: 'increase' });
      await call('POST', `/api/comments/post/${theirs}`, account.cookie, { comment: 'Bye' });
      const scoreOf = async (id: string) =>
        (await ctx.db.selectFrom('decks').select('score').where('id', '=', id).executeTakeFirstOrThrow()).score;
      expect(await scoreOf(theirs)).toBe(1);
      // The deck page is read (and kept in memory) before the deletion.
      expect(json<{ score: number }>(await ctx.app.inject({ url: `/api/decks/onedeck/${theirs}` })).score).toBe(1);

      const wrong = await call('DELETE', '/api/account', account.cookie, { currentPassword: 'Wrong#1' });
      expect(wrong.statusCode).toBe(403);
      expect(json(await call('DELETE', '/api/account', account.cookie, {}))).toMatchObject({
        message: ACC.currentPasswordRequired,
      });

      const done = await call('DELETE', '/api/account', account.cookie, { currentPassword: account.password });
      expect(done.statusCode).toBe(200);
      expect(json(done)).toEqual({ message: ACC.deleted });
      expect(await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('decks').select('id').where('id', '=', mine).executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('comments').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      expect(await scoreOf(theirs)).toBe(0);
      expect(
        json<{ score: number; voters: string[] }>(await ctx.app.inject({ url: `/api/decks/onedeck/${theirs}` })),
      ).toMatchObject({ score: 0, voters: [] });
      expect((await ctx.app.inject({ url: `/api/decks/onedeck/${mine}` })).statusCode).toBe(404);
      expect(await sessionOf(account.cookie)).toBeNull();
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(401);
    });

    it('an account without a password deletes itself by typing its username', async () => {
      const user = await buildUser(ctx.db);
      const typo = await call('DELETE', '/api/account', user.cookie, { confirmUsername: 'someone-else' });
      expect(typo.statusCode).toBe(400);
      expect(json(typo)).toMatchObject({ message: ACC.confirmUsernameMismatch });
      expect(
        json(
          await call('POST', '/api/account/password', user.cookie, {
            currentPassword: 'x',
            newPassword: 'Secret#12345',
          }),
        ),
      ).toMatchObject({ message: ACC.noPassword });
      const done = await call('DELETE', '/api/account', user.cookie, { confirmUsername: user.username.toUpperCase() });
      expect(done.statusCode).toBe(200);
      expect(
        await ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('every route needs a signed-in user', async () => {
      for (const [method, url] of [
        ['POST', '/api/account/password'],
        ['POST', '/api/account/email'],
        ['DELETE', '/api/account'],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          payload: { currentPassword: 'Secret#123', newPassword: 'Secret#456', email: 'a@b.test' },
        });
        expect(res.statusCode).toBe(401);
      }
    });
  },
  async () => {
    catcher ??= await startMailCatcher();
    return { config: { smtpUrl: catcher.smtpUrl, publicUrl: 'http://deckhub.test' } };
  },
);
