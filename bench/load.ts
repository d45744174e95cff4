// `npm run bench:load [-- --duration 60 | --short] [--connections 100] [--db sqlite|postgres|both]`
// Mixed real-traffic load (src/server/reliability/load/mixed-load.ts) against the production build
// on loopback, on SQLite and on PostgreSQL (TEST_POSTGRES_URL or --pg-url). Targets: no errors and
// no 5xx, p99 of reads <= 100 ms while OCR runs, memory flat. Exits 1 when errors or 5xx occurred.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatLoadResult, readImage, runMixedLoad } from '../src/server/reliability/load/mixed-load';
import { startLoadTarget } from '../src/server/reliability/load/load-target';
import { WEB_DIST } from '../src/server/web/routes';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    short: { type: 'boolean', default: false },
    connections: { type: 'string', default: '100' },
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const durationSec = values.short ? 10 : Number(values.duration);
const connections = Number(values.connections);
const databases = values.db === 'both' ? (['sqlite', 'postgres'] as const) : [values.db as 'sqlite' | 'postgres'];

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), logLevel: 'warn' });
}

const screenshot = readImage(path.resolve(import.meta.dirname, '../../shared/data/screenshots/share-image-1.jpg'));
let failed = false;
for (const database of databases) {
  const target = await startLoadTarget(database, values['pg-url']);
  try {
    global.gc?.();
    const rss = { start: process.memoryUsage().rss, end: 0, peak: 0 };
    const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, process.memoryUsage().rss)), 500);
    const result = await runMixedLoad({
      baseUrl: target.server.baseUrl,
      db: target.server.server.handle.db,
      durationSec,
      connections,
      signedInUsers: 50,
      ocrImage: target.server.server.app.ocr ? screenshot : undefined,
      ocrEverySec: 3,
    });
    clearInterval(sampler);
    rss.end = process.memoryUsage().rss;
    console.log(formatLoadResult(`${database}, ${connections} connections, ${durationSec} s (server and load generator share this process)`, result, rss));
    if (result.totalErrors > 0 || result.total5xx > 0) failed = true;
  } finally {
    await target.close();
  }
}
process.exit(failed ? 1 : 0);
