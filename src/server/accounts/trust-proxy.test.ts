// Behind one proxy (TRUST_PROXY=1) the client's address is the one the proxy appended to
// X-Forwarded-For, never an entry the client wrote itself: the per-address budgets hold.
import { describeEachDatabase } from '../../../test/support/test-app';
import { newAccount } from '../../../test/support/accounts';
import { loadConfig } from '../config';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits';

const PROXY = '10.0.0.1';

describeEachDatabase(
  'TRUST_PROXY=1 believes one hop only',
  (ctx) => {
    /** A request as the proxy forwards it: what the client sent in X-Forwarded-For, then the client's real address. */
    const viaProxy = (clientIp: string, forged: string, url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${forged}, ${clientIp}` },
        payload,
      });

    it('a new forged left-most address on every sign-in does not reset the per-address budget', async () => {
      const client = '203.0.113.7';
      const statuses: number[] = [];
      for (let i = 0; i < DEFAULT_RATE_LIMITS.failedLoginsPerIp + 10; i++) {
        const res = await viaProxy(client, `198.51.100.${i}`, '/api/users/passwordlogin/', {
          username: `ghost_proxy_${i}`,
          password: 'Wrong#123',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_RATE_LIMITS.failedLoginsPerIp);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // Another client behind the same proxy has a budget of its own.
      expect(
        (
          await viaProxy('203.0.113.8', '198.51.100.1', '/api/users/passwordlogin/', {
            username: 'ghost_other',
            password: 'Wrong#123',
          })
        ).statusCode,
      ).toBe(401);
    });

    it('nor the per-address registration limit', async () => {
      const client = '203.0.113.20';
      const statuses: number[] = [];
      for (let i = 0; i < DEFAULT_RATE_LIMITS.registrationsPerIp + 5; i++) {
        statuses.push((await viaProxy(client, `198.51.100.${i}`, '/api/users/x', newAccount('proxied'))).statusCode);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(DEFAULT_RATE_LIMITS.registrationsPerIp);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    });
  },
  { config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy } },
);
