// The mixed workload of real traffic against a running server: the home page's columns, filtered
// searches, deck pages, comment lists, and votes and comments by signed-in users, with an OCR
// upload every few seconds. The requests come from a child process (generator-process.ts), not
// from the server's own process: sharing one event loop would slow the server by the generator's
// work and delay the measurement by the server's.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db } from '../../src/server/db/connect';
import { buildUser } from '../../test/support/factories';
import type { LoadResult, TrafficPlan } from './generate';
import type { ProcessFigures } from './process-watch';
import type { LatencySummary } from './tally';
import type { Fixtures } from './traffic';

export type { LoadResult, RouteKindResult } from './generate';

/** A run as the generator's plan says it, but with users to sign in instead of their sessions. */
export interface LoadOptions extends Omit<TrafficPlan, 'fixtures' | 'ocrEverySec'> {
  db: Db;
  signedInUsers: number;
  /** Seconds between OCR uploads; 3 when absent. */
  ocrEverySec?: number;
}

/** Real ids and filter values from the running server, and sessions for `users` new accounts. */
async function prepare(options: LoadOptions): Promise<Fixtures> {
  const res = await fetch(`${options.baseUrl}/api/decks/search-decks?page=1&limit=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { decks } = (await res.json()) as {
    decks: { _id: string; albums: string[]; tags: string[]; collections: string[] }[];
  };
  if (decks.length === 0) throw new Error('the server has no decks to read (start it with demo data)');
  const filters = decks.flatMap((d) => [
    { albums: d.albums.slice(0, 1), tags: [], collections: [] },
    { albums: [], tags: d.tags.slice(0, 1), collections: d.collections.slice(0, 1) },
  ]);
  const cookies: string[] = [];
  // Straight into the database: signing 50 users in through argon2 is not what is measured.
  for (let i = 0; i < options.signedInUsers; i++) cookies.push((await buildUser(options.db)).cookie);
  return { deckIds: decks.map((d) => d._id), filters, cookies };
}

const GENERATOR = fileURLToPath(new URL('./generator-process.ts', import.meta.url));
/** The child runs TypeScript through tsx, as `npm run` scripts do. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs the plan in a child process and returns its result. */
function runGenerator(plan: TrafficPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // 'advanced' serialization carries the screenshot's bytes as they are.
    const child = fork(GENERATOR, { execArgv: ['--import', TSX_LOADER], serialization: 'advanced' });
    let answer: { result?: LoadResult; error?: string } | undefined;
    child.once('message', (message) => (answer = message as typeof answer));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer?.result) resolve(answer.result);
      else reject(new Error(`the load generator failed (exit code ${code}): ${answer?.error ?? 'no result'}`));
    });
    child.send(plan);
  });
}

export async function runMixedLoad(options: LoadOptions): Promise<LoadResult> {
  const fixtures = await prepare(options);
  return runGenerator({
    baseUrl: options.baseUrl,
    fixtures,
    durationSec: options.durationSec,
    connections: options.connections,
    rate: options.rate,
    ocrImage: options.ocrImage,
    ocrEverySec: options.ocrEverySec ?? 3,
  });
}

export function readImage(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`.padStart(8);
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * Average cores used by the server, the OCR worker process (when there is one), the generator and
 * (on Linux) everything else, over the server's watch.
 */
function cpuShares(
  server: ProcessFigures['cpu'],
  generator: ProcessFigures['cpu'],
  ocrWorkerCores?: number | null,
): string {
  const generatorCores = (generator.process * generator.seconds) / server.seconds;
  const worker =
    ocrWorkerCores === undefined
      ? ''
      : `, OCR worker process ${ocrWorkerCores === null ? '?' : ocrWorkerCores.toFixed(2)}`;
  const rest =
    server.machine === null
      ? ''
      : `, rest of the machine (database server included) ${(server.machine - server.process - (ocrWorkerCores ?? 0) - generatorCores).toFixed(2)}`;
  return `server ${server.process.toFixed(2)}${worker}, load generator ${generatorCores.toFixed(2)}${rest}`;
}

/** Reads' p99 target (100 connections, OCR in the background), checked in both runs. */
const READS_P99_TARGET_MS = 100;

function readsVerdict(r: LoadResult): string {
  return `target p99 <= ${READS_P99_TARGET_MS} ms: ${r.reads.p99 <= READS_P99_TARGET_MS ? 'MET' : 'MISSED'}`;
}

/**
 * The run's table; `server` is what watchProcess saw in the server's process, `ocrWorkerCores` the
 * cores the separate OCR worker process used (absent when the server reads screenshots itself).
 */
export function formatLoadResult(
  title: string,
  r: LoadResult,
  server: ProcessFigures,
  ocrWorkerCores?: number | null,
): string {
  const shape = r.shape.closedLoop
    ? `CAPACITY (closed loop: ${r.shape.connections} connections, each sends again as soon as answered)`
    : `OFFERED RATE ${r.shape.offeredRps} req/s (open loop, Poisson arrivals, up to ${r.shape.connections} connections, ${r.shape.peakInFlight} in flight at most; latency from when each request was due)`;
  const row = (label: string, s: LatencySummary, extra: string) =>
    `  ${label.padEnd(23)} ${s.rps.toFixed(0).padStart(5)} req/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}${extra}`;
  const lag = (d: ProcessFigures['loopDelay']) => `p99 ${d.p99.toFixed(0)} ms, max ${d.max.toFixed(0)} ms`;
  return [
    `${title}: ${shape}`,
    `  ${r.totalRps.toFixed(0)} req/s answered in all; errors (non-2xx + no answer) ${r.totalErrors}; 5xx ${r.total5xx}`,
    ...r.kinds.map((k) =>
      row(
        `${k.kind}${k.connections ? ` (${k.connections} conns)` : ''}`,
        k,
        `  non-2xx ${k.non2xx}  5xx ${k.status5xx}  errors ${k.errors}`,
      ),
    ),
    row('ALL READS', r.reads, `  (home columns, search, deck page, comments list) ${readsVerdict(r)}`),
    `  OCR uploads             sent ${r.ocr.sent}, ok ${r.ocr.ok}, busy (429) ${r.ocr.busy429}, other ${r.ocr.other} (5xx ${r.ocr.status5xx}); p50 ${r.ocr.p50} ms, max ${r.ocr.max} ms`,
    `  event loop delay        server ${lag(server.loopDelay)}; load generator ${lag(r.generator.loopDelay)}`,
    `  CPU (cores of ${os.availableParallelism()})        ${cpuShares(server.cpu, r.generator.cpu, ocrWorkerCores)}`,
    `  server RSS              start ${mb(server.rss.start)}, end ${mb(server.rss.end)}, peak ${mb(server.rss.peak)}`,
  ].join('\n');
}
