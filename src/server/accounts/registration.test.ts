import { MESSAGES } from '../../common/messages';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { newAccount, register } from '../../../test/support/accounts';

const REG = MESSAGES.registration;

describeEachDatabase(
  'registration',
  (ctx) => {
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/someone@example.test', payload });

    it('creates the account, answers 201 {username, email_address} and signs the caller in', async () => {
      const account = newAccount();
      const res = await post(account);
      expect(res.statusCode).toBe(201);
      expect(json(res)).toEqual({ username: account.username, email_address: account.email_address });
      expect(res.body).not.toContain(account.password);
      const cookie = res.cookies.find((c) => c.name === 'deckhub_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const session = await ctx.app.inject({
        url: '/api/session',
        headers: { cookie: `${cookie!.name}=${cookie!.value}` },
      });
      expect(json(session)).toMatchObject({
        user: { username: account.username, email_address: account.email_address },
      });
    });

    it('stores an argon2id hash, never the password', async () => {
      const account = await register(ctx.app, newAccount());
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', account.username)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(JSON.stringify(row)).not.toContain(account.password);
    });

    it.each([
      ['email_address', REG.emailRequired],
      ['username', REG.usernameRequired],
      ['password', REG.passwordRequired],
    ] as const)('requires %s with its own message, missing or empty', async (field, message) => {
      const missing = { ...newAccount() } as Record<string, string>;
      delete missing[field];
      for (const payload of [missing, { ...newAccount(), [field]: '' }]) {
        const res = await post(payload);
        expect(res.statusCode).toBe(400);
        expect(json(res)).toEqual({ error: 'Bad Request', message });
      }
    });

    it.each(['plainaddress', 'no-at.example.test', 'a@b', 'two@@example.test', 'spa ce@example.test'])(
      'refuses the e-mail %s',
      async (email) => {
        const res = await post({ ...newAccount(), email_address: email });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ message: REG.invalidEmail });
      },
    );

    // A NUL, a lone surrogate, or compatibility characters that fold onto another address (the
    // Kelvin sign, full-width letters): never a mailbox of its own, so never an account.
    it.each([
      ['a NUL', 'a\u0000b@example.test'],
      ['a lone surrogate', 'x\uD800y@example.test'],
      ['the Kelvin sign', 'inn\u212Aeeper@example.test'],
      ['full-width letters', '\uFF56\uFF49\uFF43\uFF54\uFF49\uFF4D@example.test'],
    ])('refuses an e-mail address with %s', async (_what, email) => {
      const account = newAccount();
      const res = await post({ ...account, email_address: email });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Bad Request', message: REG.invalidEmail });
      expect(await ctx.db.selectFrom('users').select('id').where('username', '=', account.username).execute()).toEqual(
        [],
      );
    });

    it('refuses a username with the Kelvin sign, which would fold onto a plain "k"', async () => {
      const res = await post({ ...newAccount(), username: `Inn\u212Aeeper_${Date.now()}` });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: REG.usernameInvalid });
    });

    it('refuses passwords shorter than 8 characters', async () => {
      const res = await post({ ...newAccount(), password: 'Abc#123' });
      expect(json(res)).toMatchObject({ message: REG.passwordTooShort });
      expect(res.statusCode).toBe(400);
    });

    it.each(['password with space', 'pass-word1', 'pässword1', 'password%1', 'password@1'])(
      'refuses the password %j (characters)',
      async (password) => {
        const res = await post({ ...newAccount(), password });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ message: REG.passwordCharacters });
      },
    );

    it('accepts every allowed password character', async () => {
      const res = await post({ ...newAccount(), password: 'aZ09!#$^*' });
      expect(res.statusCode).toBe(201);
    });

    it.each(['ab', 'x'.repeat(33), 'has space', 'semi;colon', 'ümlaut'])(
      'refuses the username %j',
      async (username) => {
        const res = await post({ ...newAccount(), username });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ message: REG.usernameInvalid });
      },
    );

    it('refuses an e-mail already in use (any case) with 409', async () => {
      const first = await register(ctx.app, newAccount());
      const res = await post({ ...newAccount(), email_address: first.email_address.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ error: 'Conflict', message: REG.emailInUse });
    });

    it('refuses a username already in use, regardless of case, with 409', async () => {
      const first = await register(ctx.app, newAccount());
      const res = await post({ ...newAccount(), username: first.username.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ error: 'Conflict', message: REG.usernameInUse });
    });

    it('lets exactly one of two simultaneous sign-ups for the same username win', async () => {
      const a = newAccount();
      const b = { ...newAccount(), username: a.username };
      const answers = await Promise.all([post(a), post(b)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  },
  () => ({ accounts: { rateLimits: { registrationsPerIp: 1000 } } }),
);
