// A real OpenID Connect provider (oidc-provider 9) on loopback for tests, with its development
// login/consent pages, behind a small forwarding proxy that can tamper with the next ID token
// (the issuer's address is the proxy's, so every call to the provider goes through it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** When set, the next token response carries an ID token whose payload was changed by this function. */
  tamperNextIdToken?: (payload: Record<string, unknown>) => void;
  close(): Promise<void>;
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Accounts are keyed by e-mail; an address starting with 'unverified' is reported as unverified. */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const proxy = http.createServer();
  const proxyPort = await listen(proxy);
  const issuer = `http://127.0.0.1:${proxyPort}`;
  const clientId = 'deckhub-test';
  const clientSecret = 'a-test-client-secret-that-is-long-enough-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified') }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-signing-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const backend = http.createServer(provider.callback());
  const backendPort = await listen(backend);

  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    async close() {
      await close(proxy);
      await close(backend);
    },
  };

  proxy.on('request', (req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const tamper = state.tamperNextIdToken;
        if (!tamper || !req.url?.startsWith('/token')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        state.tamperNextIdToken = undefined;
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token: string };
          const [header, payload, signature] = body.id_token.split('.');
          const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
          tamper(claims);
          body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
          const text = JSON.stringify(body);
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      },
    );
    req.pipe(upstream);
  });
  return state;
}

/** The browser's part at the provider: follows redirects, fills the login and consent pages, and
 * returns the URL the provider finally sends the browser to (our callback). */
export async function signInAtProvider(authorizationUrl: string, login: string, stopAtOrigin: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(stopAtOrigin)) return url;
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value.join('='));
    }
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = html.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString()
      : new URLSearchParams({ prompt: 'consent' }).toString();
  }
  throw new Error('too many steps at the provider');
}
