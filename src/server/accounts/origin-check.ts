import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../http/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether an Origin header names this site: PUBLIC_URL's origin when set, else the scheme and Host
 * the request came with (the scheme from X-Forwarded-Proto only behind a trusted proxy, as for the
 * cookie's Secure flag): a page on http://site must not post to https://site, nor the reverse.
 */
export function isOwnOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque origin 'null'
  }
  if (config.publicUrl) return url.origin === new URL(config.publicUrl).origin;
  // Parsed as a URL, so default ports compare equal (localhost:80 = localhost).
  try {
    return new URL(`${request.protocol}://${request.host}`).origin === url.origin;
  } catch {
    return false;
  }
}

/**
 * A second wall against cross-site request forgery besides SameSite=Lax cookies: browsers send
 * Origin on every cross-site POST/PUT/PATCH/DELETE, so one that names another site is refused.
 * Requests without Origin (curl, server-to-server, old browsers on same-origin forms) pass; they
 * cannot ride a victim's cookies from another site.
 */
export function makeOriginCheck(config: Config) {
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise each time.
  return function originCheck(request: FastifyRequest, _res: FastifyReply, done: HookHandlerDoneFunction): void {
    const origin = request.headers.origin;
    if (STATE_CHANGING.has(request.method) && origin !== undefined && !isOwnOrigin(origin, request, config)) {
      return done(forbidden('Cross-site requests are not allowed.'));
    }
    done();
  };
}
