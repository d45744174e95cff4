import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../config';
import { describeEachDatabase } from '../../../test/support/test-app';
import { isOwnOrigin } from './origin-check';

const request = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol }) as FastifyRequest;

describe('isOwnOrigin', () => {
  it('without PUBLIC_URL, compares with the scheme and Host asked for (default ports equal)', () => {
    const config = loadConfig({});
    expect(isOwnOrigin('http://localhost:3000', request('localhost:3000'), config)).toBe(true);
    expect(isOwnOrigin('http://localhost', request('localhost:80'), config)).toBe(true);
    expect(isOwnOrigin('https://deckhub.example', request('deckhub.example', 'https'), config)).toBe(true);
    expect(isOwnOrigin('https://deckhub.example', request('deckhub.example:443', 'https'), config)).toBe(true);
    expect(isOwnOrigin('http://localhost:5173', request('localhost:3000'), config)).toBe(false);
    expect(isOwnOrigin('https://evil.example', request('deckhub.example'), config)).toBe(false);
    expect(isOwnOrigin('null', request('deckhub.example'), config)).toBe(false);
  });

  it('without PUBLIC_URL, the same host on another scheme is another site', () => {
    const config = loadConfig({});
    expect(isOwnOrigin('https://deckhub.example', request('deckhub.example', 'http'), config)).toBe(false);
    expect(isOwnOrigin('http://deckhub.example', request('deckhub.example', 'https'), config)).toBe(false);
    expect(isOwnOrigin('https://localhost:3000', request('localhost:3000', 'http'), config)).toBe(false);
  });

  it('with PUBLIC_URL, only its origin counts, whatever the Host', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://deckhub.example/some/path' });
    expect(isOwnOrigin('https://deckhub.example', request('internal:3000'), config)).toBe(true);
    expect(isOwnOrigin('http://deckhub.example', request('deckhub.example'), config)).toBe(false);
    expect(isOwnOrigin('https://evil.example', request('evil.example'), config)).toBe(false);
  });
});

// Through the real app: the scheme is the one Fastify derives, X-Forwarded-Proto believed only from a trusted proxy.
const PROXY = '10.0.0.1';
const signOut = (
  ctx: { app: import('fastify').FastifyInstance },
  origin: string,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.50',
) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/session',
    remoteAddress,
    headers: { host: 'deckhub.example', origin, ...headers },
  });

describeEachDatabase('the Origin check without PUBLIC_URL, reached directly', (ctx) => {
  it('refuses a same-host Origin of the other scheme, and a forged X-Forwarded-Proto does not help', async () => {
    expect((await signOut(ctx, 'http://deckhub.example')).statusCode).toBe(200);
    expect((await signOut(ctx, 'https://deckhub.example')).statusCode).toBe(403);
    expect((await signOut(ctx, 'https://deckhub.example', { 'x-forwarded-proto': 'https' })).statusCode).toBe(403);
  });
});

describeEachDatabase(
  'the Origin check without PUBLIC_URL, behind TRUST_PROXY=1',
  (ctx) => {
    it("takes the scheme from the proxy's X-Forwarded-Proto", async () => {
      const viaProxy = (origin: string, proto: string) =>
        signOut(ctx, origin, { 'x-forwarded-proto': proto, 'x-forwarded-for': '203.0.113.51' }, PROXY);
      expect((await viaProxy('https://deckhub.example', 'https')).statusCode).toBe(200);
      expect((await viaProxy('http://deckhub.example', 'https')).statusCode).toBe(403);
      expect((await viaProxy('http://deckhub.example', 'http')).statusCode).toBe(200);
      expect((await viaProxy('https://deckhub.example', 'http')).statusCode).toBe(403);
    });
  },
  { config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy } },
);
