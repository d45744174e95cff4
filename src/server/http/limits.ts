// How much and how long a client may send: body sizes per route and the socket timeouts that stop
// a slow or stalled client (slow-loris) from holding a connection and its memory.
import type { IncomingHttpHeaders, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface HttpLimits {
  /** Whole time allowed to receive a request, headers and body (ms). */
  requestTimeoutMs: number;
  /** A socket with no traffic at all for this long is closed (ms). */
  connectionTimeoutMs: number;
  /** Largest body of any request Fastify parses itself (multipart uploads have their own limits). */
  bodyLimitBytes: number;
  /** Largest JSON body of an API route; every JSON body of the API is a small form. */
  jsonBodyLimitBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  connectionTimeoutMs: 60_000,
  bodyLimitBytes: 1024 * 1024,
  jsonBodyLimitBytes: 100 * 1024,
};

/** The Fastify constructor options that carry the limits. */
export function serverLimitOptions(limits: HttpLimits): {
  bodyLimit: number;
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    // Node checks the request timeout only this often (30 s by default), which would let a
    // slow-loris client keep a socket up to that much longer than the limit says.
    http: { connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(limits.requestTimeoutMs / 4))) },
  };
}

/**
 * Gives every API route registered after this call a body limit of `jsonBodyLimitBytes` unless the
 * route sets its own. Multipart routes stream their parts under @fastify/multipart's limits instead.
 */
export function applyRouteBodyLimits(app: FastifyInstance, limits: HttpLimits): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && route.url.startsWith('/api/')) route.bodyLimit = limits.jsonBodyLimitBytes;
  });
}

const REQUEST_TIMEOUT_BODY = JSON.stringify({
  error: 'Request Timeout',
  message: 'The request took too long to arrive.',
});
/** Written straight to the socket: the request is still arriving, so Fastify's reply cannot be used. */
const REQUEST_TIMEOUT_ANSWER = `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(REQUEST_TIMEOUT_BODY)}\r\nConnection: close\r\n\r\n${REQUEST_TIMEOUT_BODY}`;

/**
 * Whether a request has a body still to come. Node marks even a GET complete only after onRequest
 * hooks ran, so `complete` alone would give every GET a timer; a request with neither header has
 * no body at all (RFC 9112 §6.3).
 */
const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * Cuts off a request whose body is still arriving after `requestTimeoutMs`. Node's own request
 * timeout covers the headers but, once Fastify has started on a request, not a body dribbled a
 * byte at a time; this does. A request that has all its body (even one whose answer takes long,
 * like an OCR read) is never affected.
 */
export function applyBodyTimeout(app: FastifyInstance, limits: HttpLimits): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(request.headers)) return done();
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      const socket = raw.socket;
      // An injected request (light-my-request) has a stand-in socket with no connection to close.
      if (typeof socket.destroySoon !== 'function') return;
      request.log.warn('request body too slow: connection closed');
      if (!reply.raw.headersSent) socket.write(REQUEST_TIMEOUT_ANSWER);
      socket.destroySoon();
    }, limits.requestTimeoutMs);
    timer.unref();
    raw.once('close', () => clearTimeout(timer));
    raw.once('end', () => clearTimeout(timer));
    done();
  });
}
