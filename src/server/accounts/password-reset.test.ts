import { MESSAGES } from '../../common/messages';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { INVALID_RESET_LINK } from './password-reset';
import { createResetToken } from './reset-tokens';
import { hashToken } from './sessions';
import { hashPassword } from './passwords';
import { login, newAccount, register } from '../../../test/support/accounts';
import { resetLinkOf, startMailCatcher, verifyLinkOf, type MailCatcher } from '../../../test/support/mail-catcher';

let catcher: MailCatcher;
afterAll(async () => {
  await catcher?.close();
});

describeEachDatabase(
  'password reset through a real SMTP server',
  (ctx) => {
    const requestReset = (forgotEmail: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/request-password-reset/', payload: { forgotEmail } });
    const resetPassword = (token: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password } });
    /** Registers through the API and takes the verification mail that follows out of the catcher. */
    const registered = async () => {
      const account = await register(ctx.app, newAccount());
      const mail = await catcher.nextMail();
      expect(mail.to).toEqual([account.email_address]);
      verifyLinkOf(mail);
      return account;
    };

    it('mails a link; the link sets a new password once, and ends every session', async () => {
      const account = await registered();
      const res = await requestReset(account.email_address.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: MESSAGES.passwordReset.emailSent });

      const mail = await catcher.nextMail();
      expect(mail.to).toEqual([account.email_address]);
      expect(mail.raw).toMatch(/Subject: Reset your Deckhub password/);
      const link = resetLinkOf(mail);
      expect(link).toMatch(/^http:\/\/deckhub\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
      const token = link.split('/').pop()!;

      // Only the token's hash is stored.
      const rows = await ctx.db.selectFrom('password_resets').selectAll().execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);

      // The password rules apply, and a refused password does not use the token up.
      const weak = await resetPassword(token, 'short');
      expect(weak.statusCode).toBe(400);
      expect(json(weak)).toMatchObject({ message: MESSAGES.registration.passwordTooShort });
      expect(json(await resetPassword(token, 'has space 123'))).toMatchObject({
        message: MESSAGES.registration.passwordCharacters,
      });

      const done = await resetPassword(token, 'NewSecret#456');
      expect(done.statusCode).toBe(200);
      expect(json(done)).toEqual({ message: MESSAGES.passwordReset.done });

      expect(json(await ctx.app.inject({ url: '/api/session', headers: { cookie: account.cookie } }))).toMatchObject({
        user: null,
      });
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(401);
      expect((await login(ctx.app, account.username, 'NewSecret#456')).statusCode).toBe(200);

      const again = await resetPassword(token, 'Another#789');
      expect(again.statusCode).toBe(400);
      expect(json(again)).toEqual({ error: 'Bad Request', message: INVALID_RESET_LINK });
    });

    it('answers an unknown address exactly like a known one, and mails nothing', async () => {
      const res = await requestReset('nobody-at-all@example.test');
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: MESSAGES.passwordReset.emailSent });
      // No sleep: the next mails the server sends are a new account's verification and reset, in
      // that order (registered() checks the first); a mail to the unknown address would come first.
      const account = await registered();
      await requestReset(account.email_address);
      expect((await catcher.nextMail()).to).toEqual([account.email_address]);
      expect(catcher.mails.some((mail) => mail.to.includes('nobody-at-all@example.test'))).toBe(false);
    });

    it('refuses a malformed address with the registration text', async () => {
      const res = await requestReset('not-an-address');
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: MESSAGES.registration.invalidEmail });
    });

    it('checks the token before hashing the new password: a made-up token costs no hash', async () => {
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const timed = async (work: () => Promise<unknown>) => {
        const start = performance.now();
        await work();
        return performance.now() - start;
      };
      const hashes: number[] = [];
      const refusals: number[] = [];
      // Interleaved, so both see the same load on a shared machine; each from its own address (budgets).
      for (let i = 0; i < 5; i++) {
        hashes.push(await timed(() => hashPassword('NewSecret#456')));
        refusals.push(
          await timed(async () => {
            const res = await ctx.app.inject({
              method: 'POST',
              url: '/api/reset-password',
              remoteAddress: `10.77.0.${i + 1}`,
              payload: { token: `made-up-${i}`, password: 'NewSecret#456' },
            });
            expect(json(res)).toMatchObject({ message: INVALID_RESET_LINK });
          }),
        );
      }
      expect(median(refusals)).toBeLessThan(median(hashes) / 2);
    });

    it('refuses unknown and expired tokens', async () => {
      const account = await registered();
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', account.username)
        .executeTakeFirstOrThrow();
      const expired = await createResetToken(ctx.db, user.id, new Date(Date.now() - 61 * 60_000));
      expect(json(await resetPassword(expired, 'NewSecret#456'))).toMatchObject({ message: INVALID_RESET_LINK });
      expect(json(await resetPassword('made-up-token', 'NewSecret#456'))).toMatchObject({
        message: INVALID_RESET_LINK,
      });
    });
  },
  async () => {
    catcher ??= await startMailCatcher();
    return { config: { smtpUrl: catcher.smtpUrl, publicUrl: 'http://deckhub.test' } };
  },
);
