// `npm run worker`: a process that only reads deck screenshots, taking the jobs the web instances
// put on the queue in Redis (REDIS_URL), with its own tesseract pool, against the same database as
// the web (DATABASE_URL, or the SQLite file under DATA_DIR). Start as many as the uploads need.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest, openDb } from './db/connect';
import { OcrService } from './ocr/runtime/ocr-service';
import { startReadQueueWorker } from './ocr/runtime/read-queue-worker';
import { logUnhandledRejections } from './unhandled-rejections';

let config: Config;
try {
  config = loadConfig();
  if (!config.redisUrl)
    throw new ConfigError(
      'Invalid configuration:\n  REDIS_URL must be set: the worker reads the jobs of the queue in Redis',
    );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const info = (message: string) => {
  if (['info', 'debug', 'trace'].includes(config.logLevel)) console.log(message);
};

logUnhandledRejections(({ err }, message) => console.error(`${message}:`, err));

const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'deckhub.sqlite') });
// Safe beside a web instance migrating too: the migrator takes a lock. A worker started first on an
// empty database finds the tables it reads the catalog from.
await migrateToLatest(handle.db);
const ocr = await OcrService.start(handle.db, { pool: { log: (message) => console.warn(message) } });
await ocr.prepare();
const worker = await startReadQueueWorker(ocr, {
  redisUrl: config.redisUrl,
  queueName: config.ocrQueue,
  log: (message) => console.warn(message),
});
info(`OCR worker ready: reading the queue "${config.ocrQueue}" with ${ocr.poolSize} tesseract workers`);

// SIGTERM/SIGINT: finish the reads in hand (their uploaders are waiting), then stop.
const DRAIN_TIMEOUT_MS = 25_000;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    info(`${signal}: finishing the reads in hand`);
    setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS).unref();
    worker
      .close()
      .then(() => ocr.close())
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
