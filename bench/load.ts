// `npm run bench:load [-- --duration 60 | --short] [--connections 100] [--rate 200] [--db sqlite|postgres|both]`
// Mixed real-traffic load (bench/load/mixed-load.ts) against the production build
// on loopback, on SQLite and on PostgreSQL (TEST_POSTGRES_URL or --pg-url). On each database, two
// runs with OCR uploads in the background: CAPACITY (closed loop: every connection sends again as
// soon as it is answered, so latency is connections / throughput by Little's law) and OFFERED RATE
// (open loop at --rate req/s; 0 skips it). Targets, in both: no errors and no 5xx, p99 of reads
// <= 100 ms, memory flat. The load generator runs in a child process; the server runs in this one.
// Exits 1 when errors or 5xx occurred.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatLoadResult, readImage, runMixedLoad, type LoadOptions } from './load/mixed-load';
import { startLoadTarget, type LoadTarget } from './load/load-target';
import { watchProcess } from './load/process-watch';
import { WEB_DIST } from '../src/server/web/routes';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    short: { type: 'boolean', default: false },
    connections: { type: 'string', default: '100' },
    rate: { type: 'string', default: '200' },
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const durationSec = values.short ? 10 : Number(values.duration);
const connections = Number(values.connections);
const rate = Number(values.rate);
const databases = values.db === 'both' ? (['sqlite', 'postgres'] as const) : [values.db as 'sqlite' | 'postgres'];

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), logLevel: 'warn' });
}

const screenshot = readImage(path.resolve(import.meta.dirname, '../../shared/data/screenshots/share-image-1.jpg'));

/** One run against the target, printed with what it did to the server's process. */
async function run(database: string, target: LoadTarget, runRate: number | undefined): Promise<boolean> {
  const watch = watchProcess();
  const options: LoadOptions = {
    baseUrl: target.server.baseUrl,
    db: target.server.server.handle.db,
    durationSec,
    connections,
    rate: runRate,
    signedInUsers: 50,
    ocrImage: target.server.server.app.ocr ? screenshot : undefined,
    ocrEverySec: 3,
  };
  const result = await runMixedLoad(options);
  console.log(formatLoadResult(`${database}, ${durationSec} s`, result, watch.stop()));
  return result.totalErrors === 0 && result.total5xx === 0;
}

let failed = false;
for (const database of databases) {
  const target = await startLoadTarget(database, values['pg-url']);
  try {
    if (!(await run(database, target, undefined))) failed = true;
    if (rate > 0 && !(await run(database, target, rate))) failed = true;
  } finally {
    await target.close();
  }
}
process.exit(failed ? 1 : 0);
