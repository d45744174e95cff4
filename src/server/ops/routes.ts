// GET /healthz, /readyz and /metrics, and the timing of every answer for http_request_duration_seconds.
// Registered before the features' routes (app.ts) so its hook times all of them.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PoolUse } from '../db/connect';
import { notFound, unauthorized } from '../http/errors';
import { readinessChecks } from './health';
import { createMetrics, type Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app; features report their own events here (e.g. OCR reads). */
    metrics: Metrics;
  }
}

/** Equal tokens, compared in constant time (hashing first makes the lengths equal). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** Probes and scrapers are not users: left out of the API docs. */
const HIDDEN = { schema: { hide: true } };

export const opsRoutes = fp(async (app: FastifyInstance, options: { poolUse?: () => PoolUse }) => {
  const metrics = createMetrics({ ocr: () => app.ocr, poolUse: options.poolUse });
  app.decorate('metrics', metrics);
  // A callback hook: it runs for every answer, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern keeps the label set small; a URL no route matched is one label, not one per URL.
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const readiness = readinessChecks(app);
  app.addHook('onClose', () => readiness.close());

  app.get('/healthz', HIDDEN, async () => ({ status: 'ok' }));

  app.get('/readyz', HIDDEN, async (_request, reply) => {
    const { ready, checks } = await readiness.run();
    if (ready) return { status: 'ready', checks };
    const failing = Object.entries(checks).filter(([, result]) => result !== 'ok');
    return reply.status(503).send({
      error: 'Service Unavailable',
      message: `Not ready: ${failing.map(([name, result]) => `${name} (${result})`).join(', ')}`,
      checks,
    });
  });

  // Without METRICS_TOKEN the route does not exist (404); a wrong or missing token is a 401.
  const token = app.config.metricsToken;
  app.get('/metrics', HIDDEN, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) throw notFound();
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics need the bearer token METRICS_TOKEN.');
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
});
