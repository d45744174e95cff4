// `npm run bench:load [-- --duration 60 | --short] [--connections 100] [--rate 200] [--db sqlite|postgres|both]
//                     [--ocr in-process|worker-process|both]`
// Mixed real-traffic load (bench/load/mixed-load.ts) against the production build
// on loopback, on SQLite and on PostgreSQL (TEST_POSTGRES_URL or --pg-url). On each database, two
// runs with OCR uploads in the background: CAPACITY (closed loop: every connection sends again as
// soon as it is answered, so latency is connections / throughput by Little's law) and OFFERED RATE
// (open loop at --rate req/s; 0 skips it). Targets, in both: no errors and no 5xx, p99 of reads
// <= 100 ms, memory flat. The load generator runs in a child process; the server runs in this one.
// Screenshots are read in the server's process (`in-process`, as `npm start`), or by an OCR worker
// in a process of its own through the job queue in Redis (`worker-process`: the web and the worker
// as two instances, TEST_REDIS_URL or --redis-url); `both` runs each and ends with the two side by side.
// Exits 1 when errors or 5xx occurred.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatLoadResult, readImage, runMixedLoad, type LoadOptions, type LoadResult } from './load/mixed-load';
import { startLoadTarget, type LoadTarget, type OcrPlacement } from './load/load-target';
import { watchOtherProcess, watchProcess, type ProcessFigures } from './load/process-watch';
import { WEB_DIST } from '../src/server/web/routes';
import { REAL_SCREENSHOT } from '../test/support/real-data';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    short: { type: 'boolean', default: false },
    connections: { type: 'string', default: '100' },
    rate: { type: 'string', default: '200' },
    db: { type: 'string', default: 'both' },
    ocr: { type: 'string', default: 'both' },
    'pg-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'redis-url': { type: 'string', default: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const durationSec = values.short ? 10 : Number(values.duration);
const connections = Number(values.connections);
const rate = Number(values.rate);
const databases = values.db === 'both' ? (['sqlite', 'postgres'] as const) : [values.db as 'sqlite' | 'postgres'];
const placements: OcrPlacement[] =
  values.ocr === 'both' ? ['in-process', 'worker-process'] : [values.ocr as OcrPlacement];

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), logLevel: 'warn' });
}

const screenshot = readImage(REAL_SCREENSHOT);

interface RunFigures {
  title: string;
  result: LoadResult;
  server: ProcessFigures;
  workerCores?: number | null;
}
const runs: RunFigures[] = [];

/** One run against the target, printed with what it did to the server's process (and the OCR worker's). */
async function run(title: string, target: LoadTarget, runRate: number | undefined): Promise<boolean> {
  const watch = watchProcess();
  const workerWatch = target.worker?.child.pid === undefined ? undefined : watchOtherProcess(target.worker.child.pid);
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
  const figures = { title, result, server: watch.stop(), workerCores: workerWatch?.stop() };
  runs.push(figures);
  console.log(formatLoadResult(`${title}, ${durationSec} s`, result, figures.server, figures.workerCores));
  return result.totalErrors === 0 && result.total5xx === 0;
}

/** The runs side by side: reads' p99 and who used the CPU. */
function sideBySide(): string {
  const cores = (n: number | null | undefined) => (n === undefined ? '—' : n === null ? '?' : n.toFixed(2));
  const rows = runs.map(({ title, result: r, server, workerCores }) => {
    const shape = r.shape.closedLoop ? 'capacity' : `${r.shape.offeredRps} req/s`;
    return [
      title.padEnd(34),
      shape.padEnd(11),
      `${r.reads.p99.toFixed(0)} ms`.padStart(9),
      `${r.reads.rps.toFixed(0)}`.padStart(7),
      `${r.ocr.ok}/${r.ocr.sent}`.padStart(7),
      cores(server.cpu.process).padStart(7),
      cores(workerCores).padStart(7),
    ].join('  ');
  });
  return [
    '',
    'SIDE BY SIDE',
    ['run'.padEnd(34), 'shape'.padEnd(11), 'reads p99', 'reads/s', 'OCR ok', 'web CPU', 'OCR CPU'].join('  '),
    ...rows,
  ].join('\n');
}

let failed = false;
for (const database of databases) {
  for (const ocr of placements) {
    const target = await startLoadTarget(database, {
      postgresUrl: values['pg-url'],
      redisUrl: values['redis-url'],
      ocr,
    });
    const title = `${database}, OCR ${ocr === 'in-process' ? 'in the web process' : 'in a worker process'}`;
    try {
      if (!(await run(title, target, undefined))) failed = true;
      if (rate > 0 && !(await run(title, target, rate))) failed = true;
    } finally {
      await target.close();
    }
  }
}
if (runs.length > 1) console.log(sideBySide());
process.exit(failed ? 1 : 0);
