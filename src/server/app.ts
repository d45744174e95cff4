import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Db, DbDialect, PoolUse } from './db/connect';
import { registerErrorHandling } from './http/errors';
import {
  DEFAULT_HTTP_LIMITS,
  applyBodyTimeout,
  applyRouteBodyLimits,
  serverLimitOptions,
  type HttpLimits,
} from './http/limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerGracefulDrain } from './http/graceful-drain';
import { registerCompression } from './http/compression';
import { registerTextGuard } from './http/text-guard';
import { sessionPlugin } from './accounts/session-plugin';
import { accountsPlugin, type AccountsOptions } from './accounts/plugin';
import { makeOriginCheck } from './accounts/origin-check';
import { deckRoutes } from './decks/routes';
import { DeckReads } from './decks/deck-reads';
import { localDeckEvictions, sharedDeckEvictions, type DeckEvictions } from './decks/deck-evictions';
import { loadDecks } from './decks/deck-store';
import { deckSearch } from './decks/deck-search';
import { LiveDeckIndex } from './decks/live-deck-index';
import { cardRoutes } from './cards/routes';
import { metaRoutes } from './meta/routes';
import { commentRoutes } from './comments/routes';
import { moderationRoutes } from './moderation/routes';
import { ocrRoutes } from './ocr/routes';
import { readingRoutes } from './readings/routes';
import { sampleScreenshotRoutes } from './demo/sample-screenshot';
import { imageRoutes } from './images/routes';
import { openImageStore, type ImageStore } from './images/image-store';
import type { DeckReader } from './ocr/deck-reader';
import { WEB_DIST, webRoutes } from './web/routes';
import { opsRoutes } from './ops/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DbDialect;
    config: Config;
    images: ImageStore;
    /** The deck screenshot reader (in this process, or on the queue); null when it is not running (API tests, failed start). */
    ocr: DeckReader | null;
    /** Deck and search answers kept in memory; every write to a deck evicts what it changed. */
    deckReads: DeckReads;
    /** Every deck's searchable facts in memory, kept up to date from the database's change log. */
    deckIndex: LiveDeckIndex;
    /** Tells the kept deck answers of this instance, and of the others when REDIS_URL is set, what a write changed. */
    deckEvictions: DeckEvictions;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  dialect: DbDialect;
  /** PostgreSQL's pool use, for /metrics (createServer passes it; absent on SQLite). */
  poolUse?: () => PoolUse;
  /** Where searches read (DbHandle.searchDb: read threads on a SQLite file); `db` when not given. */
  searchDb?: Db;
  /** Pino logger settings; false in tests. */
  logger?: boolean | object;
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app is; tests serve a folder of their own. */
  webDist?: string;
  /** The deck screenshot reader, created once per process by createServer (not here, so tests choose). */
  ocr?: DeckReader | null;
  /** Account settings tests change (rate limits). */
  accounts?: AccountsOptions;
  /** Body sizes and timeouts; tests shorten the timeouts (see http/limits.ts). */
  http?: Partial<HttpLimits>;
}

export async function buildApp({
  config,
  db,
  dialect,
  poolUse,
  searchDb = db,
  logger = false,
  serveWeb = false,
  webDist = WEB_DIST,
  ocr = null,
  accounts = {},
  http = {},
}: AppDeps): Promise<FastifyInstance> {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...http };
  const app = Fastify({
    logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The old client calls some routes with a trailing slash and some without: both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
    // A slow client must not hold a connection forever, nor a huge body fill the memory.
    ...serverLimitOptions(limits),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('config', config);
  const images = await openImageStore(config);
  app.decorate('images', images);
  app.addHook('onClose', () => images.close());
  app.decorate('ocr', ocr);
  const deckIndex = new LiveDeckIndex(searchDb, db, app.log);
  app.decorate('deckIndex', deckIndex);
  // Read in the background: searches ask the database until it is in.
  app.addHook('onReady', async () => void deckIndex.start());
  app.addHook('onClose', async () => deckIndex.close());
  // The reads wait for the evictions other instances sent (deck-evictions.ts), which are made next.
  const deckReads = new DeckReads({ loadDecks: (ids) => loadDecks(db, ids), ...deckSearch(searchDb, deckIndex) }, () =>
    deckEvictions.caughtUp(),
  );
  app.decorate('deckReads', deckReads);
  const deckEvictions: DeckEvictions = config.redisUrl
    ? await sharedDeckEvictions(deckReads, config.redisUrl, app.log)
    : localDeckEvictions(deckReads);
  app.decorate('deckEvictions', deckEvictions);
  app.addHook('onClose', () => deckEvictions.close());

  registerErrorHandling(app);
  registerTextGuard(app);
  // Both add onRoute hooks, so they come before any route.
  applyRouteBodyLimits(app, limits);
  applyBodyTimeout(app, limits);
  registerGracefulDrain(app);
  // Health, readiness and metrics; its hook times every route registered after it.
  await app.register(opsRoutes, { poolUse });
  await registerSecurityHeaders(app, { webDist });
  // Cross-site writes are refused before anything else runs (CSRF; see accounts/origin-check.ts).
  app.addHook('onRequest', makeOriginCheck(config));
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Deckhub API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin);

  await app.register(deckRoutes, { prefix: '/api/decks' });
  await app.register(cardRoutes, { prefix: '/api/cards' });
  await app.register(metaRoutes, { prefix: '/api/meta' });
  await app.register(commentRoutes, { prefix: '/api/comments' });
  await app.register(moderationRoutes, { prefix: '/api' });
  await app.register(accountsPlugin, { prefix: '/api', ...accounts });
  await app.register(ocrRoutes, { prefix: '/api' });
  await app.register(readingRoutes, { prefix: '/api' });
  await app.register(sampleScreenshotRoutes);
  await app.register(imageRoutes, { prefix: '/upload' });
  await app.register(webRoutes, { serveWeb, webDist });
  return app;
}
