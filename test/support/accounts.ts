// Test helpers for the accounts suites: act through the real HTTP API, like a browser would.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/server/accounts/sessions';

let counter = 0;
/** A fresh, valid username and e-mail for each call. */
export function newAccount(prefix = 'acct') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return { username: `${prefix}_${id}`, email_address: `${prefix}.${id}@example.test`, password: 'Secret#123' };
}

/** `name=value` of the session cookie an answer sets, for the next request's `cookie` header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in answer ${res.statusCode} ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Registers through the API; `remoteAddress` gives the request an address of its own, for suites whose budgets outlive the run (Redis). */
export async function register(
  app: FastifyInstance,
  account: { username: string; email_address: string; password: string },
  remoteAddress?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/users/${encodeURIComponent(account.email_address)}`,
    payload: account,
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return { ...account, cookie: sessionCookie(res) };
}

export function login(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/users/passwordlogin/', payload: { username, password } });
}
