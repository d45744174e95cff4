import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { migrateToLatest, openDb, type DbHandle } from './db/connect';
import { seedDemoData } from './demo/seed-demo';
import { logCatalog, setUpCatalog } from './demo/catalog-setup';
import { warnOfPublishedPasswords } from './demo/published-password-check';
import { sweepOrphanImages } from './images/orphan-sweep';
import { startDeckReader, type ReaderLog } from './ocr/deck-reader';
import type { OcrServiceOptions } from './ocr/runtime/ocr-service';

export interface RunningServer {
  app: FastifyInstance;
  handle: DbHandle;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty one, and builds the app (not yet listening). */
export async function createServer(
  config: Config,
  options: {
    logger?: boolean | object;
    serveWeb?: boolean;
    /** false: no deck screenshot reader; otherwise the in-process reader's options (without REDIS_URL). */
    ocr?: false | OcrServiceOptions;
  } = {},
): Promise<RunningServer> {
  const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'deckhub.sqlite') });
  await migrateToLatest(handle.db);
  // Started once per process: in-process workers are warmed here, not on the first user's upload.
  let ocrFailure: unknown = null;
  // Lost workers, failed restarts and a queue nobody reads go to the app's log once there is one.
  let readerLog: ReaderLog = { info: (message) => console.log(message), warn: (message) => console.warn(message) };
  const log: ReaderLog = { info: (message) => readerLog.info(message), warn: (message) => readerLog.warn(message) };
  const ocrOptions = options.ocr === false ? null : { ...options.ocr, pool: { log: log.warn, ...options.ocr?.pool } };
  const ocr =
    ocrOptions === null
      ? null
      : await startDeckReader(handle.db, config, ocrOptions, log).catch(
          (error: unknown) => ((ocrFailure = error), null),
        );
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      db: handle.db,
      dialect: handle.dialect,
      poolUse: handle.poolUse,
      searchDb: handle.searchDb,
      logger: options.logger,
      serveWeb: options.serveWeb,
      ocr,
    });
    readerLog = app.log;
    // The rest of the site works without the reader; uploads answer 503 until a restart fixes it.
    if (ocrFailure) app.log.error({ err: ocrFailure }, 'the deck screenshot reader did not start');
    if (ocr) app.log.info(`deck screenshots are read ${ocr.description}`);
    // Before the demo data, whose decks are made of the catalog's cards.
    await setUpCatalog(handle.db, config.cardsFile, app.log);
    if (config.seedDemo) await seedDemoData(handle.db, app.images, config);
    if (config.production) await warnOfPublishedPasswords(handle.db, app.log);
    await logCatalog(handle.db, app.log);
    await sweepOrphanImages(handle.db, app.images);
    // After seeding, so the index is built from the final catalog.
    await ocr?.prepare();
  } catch (error) {
    // Worker threads would keep a failed start-up's process alive.
    await ocr?.close();
    await handle.close();
    throw error;
  }
  return {
    app,
    handle,
    async close() {
      await app.close();
      await ocr?.close();
      await handle.close();
    },
  };
}
