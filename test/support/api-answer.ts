// What every API answer must look like, however bad the request.
import type { LightMyRequestResponse } from 'fastify';

/** Signs of an internal error leaking out: stack frames, source paths, driver messages. */
const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules/,
  /\/work\/|\/src\/server\//,
  /SqliteError|SQLITE_|syntax error at or near|relation "\w+"/i,
];

/** A problem with the answer, or null when it is acceptable. */
export function problemWithAnswer(res: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  for (const leak of LEAKS) if (leak.test(res.body)) return `leaks internals (${leak})`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    return `error answer is ${res.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'error answer is not JSON';
  }
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || typeof message !== 'string' || message === '')
    return `error answer is not {error, message}: ${res.body.slice(0, 200)}`;
  return null;
}
