import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '../../common/messages';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { OIDC_LANDING, PENDING_EXPIRED } from './oidc';
import { login, newAccount, register } from '../../../test/support/accounts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../../test/support/oidc-provider';
import { resetLinkOf, startMailCatcher, verifyLinkOf, type MailCatcher } from '../../../test/support/mail-catcher';
import { SESSION_COOKIE } from './sessions';

const SITE = 'http://deckhub.test';
let provider: TestProvider;
let catcher: MailCatcher;
afterAll(async () => {
  await provider?.close();
  await catcher?.close();
});

describeEachDatabase(
  'sign-in with a real OpenID Connect provider',
  (ctx) => {
    /** Our site as one browser sees it: keeps the cookies our server sets. */
    function browser() {
      const jar = new Map<string, string>();
      const keep = (res: LightMyRequestResponse) => {
        for (const c of res.cookies) {
          if (!c.value || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0) jar.delete(c.name);
          else jar.set(c.name, c.value);
        }
        return res;
      };
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      return {
        jar,
        get: async (url: string) =>
          keep(await ctx.app.inject({ url: url.replace(SITE, ''), headers: { cookie: cookie() } })),
        post: async (url: string, payload: object, remoteAddress?: string) =>
          keep(await ctx.app.inject({ method: 'POST', url, headers: { cookie: cookie() }, payload, remoteAddress })),
      };
    }

    /** Start at our site, sign in at the provider as `email`, come back: our callback's answer. */
    async function providerSignIn(b: ReturnType<typeof browser>, email: string) {
      const start = await b.get('/api/auth/oidc/start');
      expect(start.statusCode).toBe(302);
      const authUrl = new URL(start.headers.location as string);
      expect(authUrl.origin).toBe(provider.issuer);
      expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authUrl.searchParams.get('nonce')).toBeTruthy();
      expect(authUrl.searchParams.get('state')).toBeTruthy();
      const back = await signInAtProvider(authUrl.href, email, SITE);
      expect(back.startsWith(`${SITE}/api/auth/oidc/callback?`)).toBe(true);
      return b.get(back);
    }

    it('reports the provider as configured', async () => {
      expect(json(await ctx.app.inject({ url: '/api/auth/providers' }))).toEqual({ oidc: true });
    });

    /** The token of the newest verification mail to `email`. */
    const verifyTokenOf = async (email: string) => {
      const link = verifyLinkOf(await catcher.mailTo(email, /Confirm your Deckhub e-mail address/));
      expect(link.startsWith(`${SITE}/verify-email/`)).toBe(true);
      return link.split('/').pop()!;
    };
    const confirm = (token: string, remoteAddress?: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/verify-email/${token}`, remoteAddress });

    /** The account's owner opens the link of the verification mail and presses the page's button. */
    async function verifyEmail(email: string) {
      const res = await confirm(await verifyTokenOf(email));
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: MESSAGES.emailVerification.confirmed });
    }

    /** The web's password step after the callback sent the browser to OIDC_LANDING.enterPassword. */
    const linkWithPassword = (b: ReturnType<typeof browser>, password: string, remoteAddress?: string) =>
      b.post('/api/auth/oidc/link', { password }, remoteAddress);

    const verifiedAt = async (email: string) =>
      (
        await ctx.db
          .selectFrom('users')
          .select('email_verified_at')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).email_verified_at;

    it('the session says whether the address is confirmed, before and after the mailed link', async () => {
      const account = await register(ctx.app, newAccount('session'));
      const session = async () =>
        json<{ emailVerified: boolean }>(
          await ctx.app.inject({ url: '/api/session', headers: { cookie: account.cookie } }),
        );
      expect((await session()).emailVerified).toBe(false);
      await verifyEmail(account.email_address);
      expect((await session()).emailVerified).toBe(true);
      expect(json<{ emailVerified: boolean }>(await ctx.app.inject({ url: '/api/session' })).emailVerified).toBe(false);
    });

    it("following the mailed link (a GET, as mail scanners do) verifies nothing; the page's POST does, once", async () => {
      const account = await register(ctx.app, newAccount('scanned'));
      const token = await verifyTokenOf(account.email_address);
      // What a scanner fetches: the page, and the old /api link, which only redirects to the page.
      await ctx.app.inject({ url: `/verify-email/${token}` });
      const old = await ctx.app.inject({ url: `/api/verify-email/${token}` });
      expect(old.statusCode).toBe(302);
      expect(old.headers.location).toBe(`/verify-email/${token}`);
      expect(await verifiedAt(account.email_address)).toBeNull();
      expect((await confirm(token)).statusCode).toBe(200);
      expect(await verifiedAt(account.email_address)).not.toBeNull();
      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(json(again)).toEqual({ error: 'Bad Request', message: MESSAGES.emailVerification.linkInvalid });
    });

    it('failed confirmation links from one shared address do not block a real click from it', async () => {
      const shared = '198.51.100.77';
      const account = await register(ctx.app, newAccount('shared'));
      const token = await verifyTokenOf(account.email_address);
      for (let i = 0; i < ctx.config.limits!.failedResetsPerIp! + 5; i++) {
        expect([400, 429]).toContain((await confirm(`expired-or-made-up-${i}`, shared)).statusCode);
      }
      const refused = await confirm('made-up-once-more', shared);
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toMatchObject({
        message: expect.stringMatching(/^Too many attempts with invalid confirmation links\./),
      });
      expect((await confirm(token, shared)).statusCode).toBe(200);
      expect(await verifiedAt(account.email_address)).not.toBeNull();
    });

    it('a verified password account is linked to the provider only after its password, then signs straight in', async () => {
      const account = await register(ctx.app, newAccount('known'));
      await verifyEmail(account.email_address);
      const b = browser();
      const res = await providerSignIn(b, account.email_address);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(OIDC_LANDING.enterPassword);
      expect(b.jar.has(SESSION_COOKIE)).toBe(false);
      expect(json(await b.get('/api/auth/oidc/pending-link'))).toEqual({
        username: account.username,
        email_address: account.email_address,
      });
      const empty = await b.post('/api/auth/oidc/link', {});
      expect(empty.statusCode).toBe(400);
      expect(json(empty)).toEqual({ error: 'Bad Request', message: MESSAGES.login.passwordRequired });
      const wrong = await linkWithPassword(b, 'Wrong#12345');
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong)).toMatchObject({ message: MESSAGES.login.wrongPassword });
      expect(json(await b.get('/api/session'))).toMatchObject({ user: null });
      const linked = await linkWithPassword(b, account.password);
      expect(linked.statusCode).toBe(200);
      expect(json(linked)).toEqual({ username: account.username, email_address: account.email_address });
      expect(json(await b.get('/api/session'))).toMatchObject({
        user: { username: account.username, email_address: account.email_address },
      });
      // The pending link is used up; from then on any browser signs in through the provider.
      expect((await linkWithPassword(b, account.password)).statusCode).toBe(401);
      const other = browser();
      expect((await providerSignIn(other, account.email_address)).headers.location).toBe(OIDC_LANDING.signedIn);
      expect(json(await other.get('/api/session'))).toMatchObject({ user: { username: account.username } });
    });

    it('a password for the link spends the sign-in budget of the account and address', async () => {
      const account = await register(ctx.app, newAccount('guessed'));
      const b = browser();
      expect((await providerSignIn(b, account.email_address)).headers.location).toBe(OIDC_LANDING.enterPassword);
      const ip = '198.51.100.88';
      for (let i = 0; i < ctx.config.limits!.failedLoginsPerAccount!; i++)
        expect((await linkWithPassword(b, `Wrong#${i}xyz`, ip)).statusCode).toBe(401);
      const blocked = await linkWithPassword(b, account.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked)).toMatchObject({ message: expect.stringMatching(/^Too many failed sign-in attempts\./) });
      expect((await linkWithPassword(b, account.password, '198.51.100.89')).statusCode).toBe(200);
    });

    it("pre-hijacking: the victim confirming the mailed link still does not hand them the attacker's account", async () => {
      const victimEmail = newAccount('victim').email_address;
      const attacker = await register(ctx.app, { ...newAccount('attacker'), email_address: victimEmail });
      // The mail reaches the victim, whose scanner follows the link, or who even presses the button.
      await verifyEmail(victimEmail);
      const victim = browser();
      expect((await providerSignIn(victim, victimEmail)).headers.location).toBe(OIDC_LANDING.enterPassword);
      expect(victim.jar.has(SESSION_COOKIE)).toBe(false);
      expect(json(await victim.get('/api/session'))).toMatchObject({ user: null });
      // The victim does not know the attacker's password: nothing is linked, the provider does not open the account.
      expect((await linkWithPassword(victim, 'Victim#guess1')).statusCode).toBe(401);
      expect((await providerSignIn(browser(), victimEmail)).headers.location).toBe(OIDC_LANDING.enterPassword);
      expect(json(await ctx.app.inject({ url: '/api/session', headers: { cookie: attacker.cookie } }))).toMatchObject({
        user: { username: attacker.username },
      });
    });

    it("pre-hijacking: a registration with the victim's address does not receive the victim's provider sign-in", async () => {
      const victimEmail = newAccount('victim').email_address;
      // The attacker registers first, with the victim's address and a password of their own.
      const attacker = await register(ctx.app, { ...newAccount('attacker'), email_address: victimEmail });
      const victim = browser();
      const res = await providerSignIn(victim, victimEmail);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(OIDC_LANDING.enterPassword);
      expect(victim.jar.has(SESSION_COOKIE)).toBe(false);
      expect(json(await victim.get('/api/session'))).toMatchObject({ user: null });
      expect(await verifiedAt(victimEmail)).toBeNull();

      // The victim takes the account back through the mail only they receive: the reset proves the
      // address and ends the attacker's session; with the new password the provider is linked.
      await ctx.app.inject({
        method: 'POST',
        url: '/api/request-password-reset/',
        payload: { forgotEmail: victimEmail },
      });
      const token = resetLinkOf(await catcher.mailTo(victimEmail, /Reset your Deckhub password/))
        .split('/')
        .pop()!;
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/reset-password',
            payload: { token, password: 'Victim#2024' },
          })
        ).statusCode,
      ).toBe(200);
      expect(await verifiedAt(victimEmail)).not.toBeNull();
      expect(json(await ctx.app.inject({ url: '/api/session', headers: { cookie: attacker.cookie } }))).toMatchObject({
        user: null,
      });
      expect((await providerSignIn(victim, victimEmail)).headers.location).toBe(OIDC_LANDING.enterPassword);
      expect((await linkWithPassword(victim, 'Victim#2024')).statusCode).toBe(200);
      expect(json(await victim.get('/api/session'))).toMatchObject({
        user: { username: attacker.username, email_address: victimEmail },
      });
      expect((await providerSignIn(browser(), victimEmail)).headers.location).toBe(OIDC_LANDING.signedIn);
    });

    it('links the provider to an unverified account once its password is entered in the flow; the address counts as proven', async () => {
      const account = await register(ctx.app, newAccount('linker'));
      const b = browser();
      // Being signed in already is not enough: the password is asked in this flow.
      const [name, value] = account.cookie.split('=');
      b.jar.set(name, value);
      const res = await providerSignIn(b, account.email_address);
      expect(res.headers.location).toBe(OIDC_LANDING.enterPassword);
      expect(await verifiedAt(account.email_address)).toBeNull();
      expect((await linkWithPassword(b, account.password)).statusCode).toBe(200);
      expect(await verifiedAt(account.email_address)).not.toBeNull();
      // And from then on any browser signs in through the provider.
      expect((await providerSignIn(browser(), account.email_address)).headers.location).toBe(OIDC_LANDING.signedIn);
    });

    it('a signed-in user asks for a new verification mail; its link verifies the address', async () => {
      const account = await register(ctx.app, newAccount('askagain'));
      const ask = () =>
        ctx.app.inject({ method: 'POST', url: '/api/verify-email/request', headers: { cookie: account.cookie } });
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: MESSAGES.emailVerification.sent });
      expect((await ctx.app.inject({ method: 'POST', url: '/api/verify-email/request' })).statusCode).toBe(401);
      await verifyEmail(account.email_address);
      expect(await verifiedAt(account.email_address)).not.toBeNull();
      expect(json(await ask())).toMatchObject({ message: MESSAGES.emailVerification.alreadyVerified });
      expect((await confirm('made-up-token')).statusCode).toBe(400);
    });

    it('takes a new e-mail through the username choice, then signs it in', async () => {
      const email = newAccount('fresh').email_address;
      const taken = await register(ctx.app, newAccount('taken'));
      const b = browser();
      const res = await providerSignIn(b, email);
      expect(res.headers.location).toBe(OIDC_LANDING.chooseUsername);
      expect(json(await b.get('/api/session'))).toMatchObject({ user: null });
      expect(json(await b.get('/api/auth/oidc/pending'))).toEqual({ email_address: email });

      const empty = await b.post('/api/auth/oidc/complete', { username: '' });
      expect(empty.statusCode).toBe(400);
      expect(json(empty)).toMatchObject({ message: MESSAGES.registration.usernameRequired });
      const clash = await b.post('/api/auth/oidc/complete', { username: taken.username.toUpperCase() });
      expect(clash.statusCode).toBe(409);
      expect(json(clash)).toMatchObject({ message: MESSAGES.registration.usernameInUse });

      const username = newAccount('chosen').username;
      const done = await b.post('/api/auth/oidc/complete', { username });
      expect(done.statusCode).toBe(201);
      expect(json(done)).toEqual({ username, email_address: email });
      // The provider vouched for the address: the new account starts verified.
      expect(await verifiedAt(email)).not.toBeNull();
      expect(json(await b.get('/api/session'))).toMatchObject({ user: { username, email_address: email } });
      // The account has no password: password sign-in cannot open it.
      expect((await login(ctx.app, username, 'anything123')).statusCode).toBe(401);
      // The pending sign-up is used up.
      expect(json(await b.post('/api/auth/oidc/complete', { username: `${username}x` }))).toMatchObject({
        message: PENDING_EXPIRED,
      });

      // Next time the same e-mail signs straight in.
      const again = browser();
      expect((await providerSignIn(again, email)).headers.location).toBe(OIDC_LANDING.signedIn);
    });

    it('refuses the username step when the e-mail was taken meanwhile', async () => {
      const account = newAccount('race');
      const b = browser();
      expect((await providerSignIn(b, account.email_address)).headers.location).toBe(OIDC_LANDING.chooseUsername);
      await register(ctx.app, account);
      const res = await b.post('/api/auth/oidc/complete', { username: newAccount('other').username });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ message: MESSAGES.registration.emailInUse });
    });

    it('refuses a tampered ID token (a forged e-mail claim), signing nobody in', async () => {
      const victim = await register(ctx.app, newAccount('victim'));
      provider.tamperNextIdToken = (claims) => {
        claims.email = victim.email_address;
        claims.email_verified = true;
      };
      const b = browser();
      const res = await providerSignIn(b, newAccount('attacker').email_address);
      expect(provider.tamperNextIdToken).toBeUndefined(); // the token really went through the proxy
      expect(res.headers.location).toBe(OIDC_LANDING.failed);
      expect(b.jar.has('deckhub_session')).toBe(false);
      expect(json(await b.get('/api/session'))).toMatchObject({ user: null });
    });

    it('refuses an e-mail the provider has not verified', async () => {
      const b = browser();
      const res = await providerSignIn(b, `unverified.${newAccount().email_address}`);
      expect(res.headers.location).toBe(OIDC_LANDING.failed);
    });

    it('refuses a callback without the state cookie of its own start (login CSRF)', async () => {
      const victim = browser();
      const attacker = browser();
      const start = await attacker.get('/api/auth/oidc/start');
      const back = await signInAtProvider(start.headers.location as string, newAccount('csrf').email_address, SITE);
      const res = await victim.get(back);
      expect(res.headers.location).toBe(OIDC_LANDING.failed);
      // Nor does a state cookie from another start match this callback.
      await victim.get('/api/auth/oidc/start');
      expect((await victim.get(back)).headers.location).toBe(OIDC_LANDING.failed);
    });

    it('refuses the password step without a provider sign-in, or with a forged one', async () => {
      const account = await register(ctx.app, newAccount('nolink'));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/link',
        payload: { password: account.password },
      });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ message: PENDING_EXPIRED });
      expect((await ctx.app.inject({ url: '/api/auth/oidc/pending-link' })).statusCode).toBe(401);
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email_address)
        .executeTakeFirstOrThrow();
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/link',
        headers: {
          cookie: `deckhub_oidc_link=${Buffer.from(JSON.stringify({ p: { userId: user.id, email: account.email_address }, exp: Date.now() + 60_000 })).toString('base64url')}.forged`,
        },
        payload: { password: account.password },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('refuses the username step without a provider sign-in', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/complete',
        payload: { username: 'someone_new' },
      });
      expect(res.statusCode).toBe(401);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/complete',
        headers: {
          cookie: `deckhub_oidc_pending=${Buffer.from(JSON.stringify({ p: { email: 'x@example.test' }, exp: Date.now() + 60_000 })).toString('base64url')}.forged`,
        },
        payload: { username: 'someone_new' },
      });
      expect(forged.statusCode).toBe(401);
    });
  },
  async () => {
    provider ??= await startTestProvider(`${SITE}/api/auth/oidc/callback`);
    catcher ??= await startMailCatcher();
    return {
      config: {
        limits: { failedResetsPerIp: 4, failedLoginsPerAccount: 3 },
        publicUrl: SITE,
        smtpUrl: catcher.smtpUrl,
        oidc: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          allowInsecureRequests: true,
        },
      },
    };
  },
);
