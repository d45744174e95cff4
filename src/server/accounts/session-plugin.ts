import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, findSessionUser, type SessionUser } from './sessions';
import { unauthorized } from '../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. Set from the session cookie on every request. */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * false on a route whose answer is the same for everyone: the session is not looked up (nor
     * renewed) there, which saves a query per request on the hottest reads.
     */
    session?: false;
  }
}

export function setSessionCookie(request: FastifyRequest, res: FastifyReply, token: string, expiresAt: Date): void {
  res.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(res: FastifyReply): void {
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user with an e-mail address, the only kind that may write. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user || !request.user.email) throw unauthorized();
  return request.user;
}

/**
 * The signed-in user, also on a route that skips the session (`session: false`): such a route asks
 * only when the answer depends on who is asking (a hidden deck, seen by its author), so the
 * everyday read still costs no session query. Does not renew the session.
 */
export async function viewerOf(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user || request.routeOptions.config.session !== false) return request.user;
  const token = request.cookies[SESSION_COOKIE];
  return token ? ((await findSessionUser(request.server.db, token))?.user ?? null) : null;
}

/** Reads the session cookie and sets `request.user`; renews the cookie when the session slides. */
export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  const readSession = async (request: FastifyRequest, res: FastifyReply, token: string) => {
    const found = await findSessionUser(app.db, token);
    if (!found) {
      clearSessionCookie(res);
      return;
    }
    request.user = found.user;
    if (found.renewedUntil) setSessionCookie(request, res, token, found.renewedUntil);
  };
  // A callback hook, not an async one: a guest's request (no cookie) goes on at once, without a promise.
  app.addHook('onRequest', (request, res, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || request.routeOptions.config.session === false) return done();
    readSession(request, res, token).then(() => done(), done);
  });
});
