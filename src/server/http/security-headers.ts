// Security headers on every answer (helmet's, through @fastify/helmet), with a Content-Security-Policy
// the built web app really works under: its only inline script (the theme switch in index.html,
// which must run before first paint) is allowed by its hash, computed from the built file at start
// so a rebuilt page never needs a hand-edited policy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutgoingHttpHeader } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The 'sha256-…' source of every inline (src-less) script in an HTML page. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the built index.html's inline scripts; none when the web app is not built. */
function webInlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  return fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, 'utf8')) : [];
}

function contentSecurityPolicy(scriptHashes: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    // React's style={{…}} props become inline style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The card editor previews and exports pictures as blob: and data: URLs (html-to-image).
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // html-to-image reads the images it embeds back through fetch().
    'connect-src': ["'self'", 'data:', 'blob:'],
  };
}

/**
 * The headers helmet sets for these options. @fastify/helmet rebuilds helmet's middleware, CSP
 * parsing included, in two hooks on every request; with no per-request option (no nonces) its
 * headers never change, so they are asked of it once, on a throwaway instance.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, OutgoingHttpHeader][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, OutgoingHttpHeader][] = [];
  probe.get('/', (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value]],
    );
    return '';
  });
  await probe.inject('/');
  await probe.close();
  return headers;
}

/**
 * Sets the security headers on every answer, errors and 404s included. Called before the routes are
 * registered. `upgrade-insecure-requests` is left out: behind TLS it changes nothing, and on a
 * plain-http install it would break every asset.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(webInlineScriptHashes(options.webDist)),
    },
    // Images are shared as links on other sites (share previews), so they may be loaded cross-origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // On the raw response, as helmet does: they stay when an error handler replaces the answer.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
