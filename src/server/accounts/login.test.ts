import { MESSAGES } from '../../common/messages';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { login, newAccount, register, sessionCookie } from '../../../test/support/accounts';

describeEachDatabase('password sign-in, sign-out and look-ups', (ctx) => {
  it('signs in with username (any case) and password: 200 {username, email_address} and a session', async () => {
    const account = await register(ctx.app, newAccount());
    const res = await login(ctx.app, account.username.toUpperCase(), account.password);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ username: account.username, email_address: account.email_address });
    const session = await ctx.app.inject({ url: '/api/session', headers: { cookie: sessionCookie(res) } });
    expect(json(session)).toEqual({
      user: { username: account.username, email_address: account.email_address },
      providers: { oidc: false },
      emailVerified: false,
    });
  });

  it('also answers on the path without the trailing slash', async () => {
    const account = await register(ctx.app, newAccount());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/passwordlogin',
      payload: { username: account.username, password: account.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers 401 'User does not exist!' for an unknown username", async () => {
    const res = await login(ctx.app, 'nobody_here', 'Secret#123');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ error: 'Unauthorized', message: MESSAGES.login.unknownUser });
    expect(res.cookies).toEqual([]);
  });

  it("answers 401 'Password is incorrect or user not found.' for a wrong password", async () => {
    const account = await register(ctx.app, newAccount());
    const res = await login(ctx.app, account.username, 'Wrong#12345');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ error: 'Unauthorized', message: MESSAGES.login.wrongPassword });
  });

  it('a username spelt with the Kelvin sign (K) is nobody, not the account with a plain k', async () => {
    const account = await register(ctx.app, { ...newAccount(), username: `Innkeeper_${Date.now().toString(36)}` });
    const lookalike = account.username.replace('k', '\u212A');
    expect(lookalike.toLowerCase()).toBe(account.username.toLowerCase()); // the fold that used to open the account
    const res = await login(ctx.app, lookalike, account.password);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ error: 'Unauthorized', message: MESSAGES.login.unknownUser });
    expect(res.cookies).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/users/username/${encodeURIComponent(lookalike)}` })).statusCode).toBe(
      400,
    );
    // The plain spelling, in any case, is still the account.
    expect((await login(ctx.app, account.username.toLowerCase(), account.password)).statusCode).toBe(200);
  });

  it('an unknown username takes as long to refuse as a wrong password (the same hashing work)', async () => {
    const account = await register(ctx.app, newAccount('timed'));
    let address = 0;
    /** One failed sign-in from an address of its own (no budget runs out), in milliseconds. */
    const timed = async (username: string) => {
      const started = performance.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/passwordlogin/',
        remoteAddress: `198.51.100.${++address}`,
        payload: { username, password: 'Wrong#12345' },
      });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    await timed('nobody_timed'); // warm-up of both paths
    await timed(account.username);
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so a busy moment of the machine falls on both sides; medians, so one outlier does not decide.
    for (let i = 0; i < 9; i++) {
      unknown.push(await timed(`nobody_timed_${i}`));
      wrong.push(await timed(account.username));
    }
    // Without the dummy hash the unknown path took about a tenth of the other; a generous ratio keeps the test steady.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
  });

  it('requires username and password with their own messages', async () => {
    for (const [payload, message] of [
      [{ password: 'x' }, MESSAGES.login.usernameRequired],
      [{ username: '', password: 'x' }, MESSAGES.login.usernameRequired],
      [{ username: 'someone' }, MESSAGES.login.passwordRequired],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/passwordlogin/', payload });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message });
    }
  });

  it('signs nobody in with GET, even with the password in the query', async () => {
    const account = await register(ctx.app, newAccount());
    const res = await ctx.app.inject({
      url: `/api/users/passwordlogin/?username=${account.username}&password=${account.password}`,
    });
    expect(res.statusCode).toBe(405);
    expect(json(res)).toMatchObject({ error: 'Method Not Allowed' });
    expect(res.cookies).toEqual([]);
  });

  it('signs out with DELETE /api/session: the old cookie no longer works', async () => {
    const account = await register(ctx.app, newAccount());
    const out = await ctx.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: account.cookie } });
    expect(json(out)).toMatchObject({ user: null });
    const after = await ctx.app.inject({ url: '/api/session', headers: { cookie: account.cookie } });
    expect(json(after)).toMatchObject({ user: null });
  });

  it('replaces the session a browser had when it signs in again', async () => {
    const account = await register(ctx.app, newAccount());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/passwordlogin/',
      headers: { cookie: account.cookie },
      payload: { username: account.username, password: account.password },
    });
    expect(sessionCookie(res)).not.toBe(account.cookie);
    const old = await ctx.app.inject({ url: '/api/session', headers: { cookie: account.cookie } });
    expect(json(old)).toMatchObject({ user: null });
  });

  it('documents the account routes in the OpenAPI description', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(res).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/users/{email}',
        '/api/users/passwordlogin/',
        '/api/request-password-reset/',
        '/api/reset-password',
      ]),
    );
  });

  it('reports the configured providers', async () => {
    expect(json(await ctx.app.inject({ url: '/api/auth/providers' }))).toEqual({ oidc: false });
    expect((await ctx.app.inject({ url: '/api/auth/oidc/start' })).statusCode).toBe(404);
  });

  it('GET /api/users/username/{name}: 200 {username} when it exists (any case), 400 otherwise', async () => {
    const account = await register(ctx.app, newAccount());
    const found = await ctx.app.inject({ url: `/api/users/username/${account.username.toUpperCase()}` });
    expect(found.statusCode).toBe(200);
    expect(json(found)).toEqual({ username: account.username });
    expect((await ctx.app.inject({ url: '/api/users/username/not_a_user' })).statusCode).toBe(400);
  });

  it('GET /api/users/email/{email}: only the owner (200), 403 for others, 401 for guests', async () => {
    const alice = await register(ctx.app, newAccount('alice'));
    const bob = await register(ctx.app, newAccount('bob'));
    const url = `/api/users/email/${encodeURIComponent(alice.email_address)}`;
    const own = await ctx.app.inject({ url, headers: { cookie: alice.cookie } });
    expect(own.statusCode).toBe(200);
    expect(json(own)).toEqual({ username: alice.username, email_address: alice.email_address });
    expect((await ctx.app.inject({ url, headers: { cookie: bob.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('GET /api/users/getall/ lists usernames without e-mail addresses', async () => {
    const account = await register(ctx.app, newAccount());
    const res = await ctx.app.inject({ url: '/api/users/getall/' });
    expect(res.statusCode).toBe(200);
    const users = json<{ username: string }[]>(res);
    expect(users).toContainEqual({ username: account.username });
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('argon2');
  });
});
