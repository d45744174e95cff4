// `npm run bench:search`: search-decks, card page, meta and similar-decks latency on 100,000 decks
// (BENCH_DECKS; SQLite, and PostgreSQL when reachable, filled by search-fill.ts), and the one-deck route's requests per second beside a
// bare Fastify route.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateToLatest, openDb, type DbHandle } from '../src/server/db/connect';
import { ALBUMS, COLLECTIONS, RARITIES, TAGS, startOfGameWeek } from '../src/common/game';
import { benchCard, benchCode, CARD_POOL, fillPostgres, fillSqlite, picker, TITLE_WORDS } from './search-fill';
import { META_SORTS } from '../src/common/api/meta';
import { seededRandom } from '../src/common/seeded-random';
import { MAX_SEARCH_DEPTH } from '../src/common/limits';
import { watchLoop } from './loop-hold';

const DECKS = Number(process.env.BENCH_DECKS ?? 100_000);
/** Timed runs per row (after 10 warm-up runs); fewer for a quick look at slow code. */
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PG_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The random source of the query filters (the decks have their own, in search-fill.ts).
 * BENCH_QUERY_SEED draws other queries than the ones the search was tuned on (8).
 */
const random = seededRandom(Number(process.env.BENCH_QUERY_SEED ?? 8));
const pick = picker(random);

const NOW = Date.now();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface QueryKind {
  name: string;
  /** The answer's status: 200 unless the server refuses the request by design. */
  status?: number;
  request: (ids: string[]) => { method: 'GET' | 'POST'; url: string; payload?: object };
}
const search = (body: object, page = 1) => ({
  method: 'POST' as const,
  url: `/api/decks/search-decks?page=${page}&limit=12`,
  payload: body,
});
/** A card as visitors pick them: popular cards more often, as decks hold them (benchCard). */
const visitedCard = () => benchCard(Math.floor(CARD_POOL * random() ** 2)).code;
/** Any card, rare ones as often as popular ones. */
const anyCard = () => benchCard(Math.floor(CARD_POOL * random())).code;
const KINDS: QueryKind[] = [
  { name: '(a) no filter, newest', request: () => search({}) },
  { name: '(b) top this week', request: () => search({ sortBy: 'score', restricted: true }) },
  {
    name: '(c) 2 cards + 1 tag',
    request: () =>
      search({
        cards: [`Card ${Math.floor(random() * 40)}`, `Card ${Math.floor(random() * 40)}`],
        tags: [pick(TAGS).name],
      }),
  },
  {
    name: '(d) 1 album + 1 collection, by score',
    request: () => search({ albums: [pick(ALBUMS).name], collections: [pick(COLLECTIONS).code], sortBy: 'score' }),
  },
  { name: '(e) card page, visited as played', request: () => ({ method: 'GET', url: `/api/cards/${visitedCard()}` }) },
  { name: '(f) card page, any card', request: () => ({ method: 'GET', url: `/api/cards/${anyCard()}` }) },
  {
    name: "(g) card's top decks, pages 1-3",
    request: () => ({
      method: 'GET',
      url: `/api/cards/${random() < 0.5 ? visitedCard() : anyCard()}/decks?page=${1 + Math.floor(random() * 3)}&limit=12`,
    }),
  },
  {
    name: '(h) meta table, any sort and filter',
    request: () => {
      const filter: Record<string, string> = [
        {},
        { album: pick(ALBUMS).name },
        { collection: pick(COLLECTIONS).code },
        { rarity: pick(RARITIES.slice(0, 4)) },
      ][Math.floor(random() * 4)];
      const query = new URLSearchParams({ sort: pick(META_SORTS), order: random() < 0.8 ? 'desc' : 'asc', ...filter });
      return { method: 'GET', url: `/api/meta/cards?${query}` };
    },
  },
  { name: '(i) meta categories', request: () => ({ method: 'GET', url: '/api/meta/categories' }) },
  {
    name: "(j) a deck's similar decks",
    request: (ids) => ({ method: 'GET', url: `/api/decks/onedeck/${pick(ids)}/similar` }),
  },
  {
    name: '(k) 1 album without 2 popular cards, last 30 days',
    request: () =>
      search({
        albums: [pick(ALBUMS).name],
        excludeCards: [`Card ${Math.floor(random() * 40)}`, `Card ${Math.floor(random() * 40)}`],
        window: '30d',
      }),
  },
  {
    name: '(l) without 1 album and 1 tag, by score',
    request: () => search({ excludeAlbums: [pick(ALBUMS).name], excludeTags: [pick(TAGS).name], sortBy: 'score' }),
  },
  // The security probe's worst shapes (issue 33, H1): each froze SQLite's event loop for seconds.
  {
    name: '(m) without 200 cards, by score',
    request: () => search({ excludeCards: distinctCards(200), sortBy: 'score' }),
  },
  // One card more than the tags, so that each run is a search of its own and not the answer kept from the last.
  {
    name: '(n) without all 80 tags and 1 card',
    request: () =>
      search({
        excludeTags: TAGS.map((tag) => tag.name),
        excludeCards: [benchCard(Math.floor(CARD_POOL * random())).name],
      }),
  },
  // Refused (400): a search pages at most MAX_SEARCH_DEPTH decks deep.
  {
    name: '(o) without 2 cards and 1 tag, page 1,000,000',
    status: 400,
    request: () => search({ excludeCards: distinctCards(2), excludeTags: [pick(TAGS).name] }, 1_000_000),
  },
  {
    name: '(p) without 2 cards and 1 tag, deepest page',
    request: () =>
      search(
        { excludeCards: distinctCards(2), excludeTags: [pick(TAGS).name], sortBy: 'score' },
        MAX_SEARCH_DEPTH / 12,
      ),
  },
  // The text search (issue #38). A common word alone would be one search answered from the 5 s cache
  // after its first run: each run also leaves out one card picked at even odds (mostly a rare one,
  // as (n) does), so it is a search of its own.
  {
    name: '(t1) text: a common title word (in 11-20 % of decks), either order',
    request: () =>
      search({
        text: pick(TITLE_WORDS.slice(0, 3)),
        excludeCards: [benchCard(Math.floor(CARD_POOL * random())).name],
        sortBy: pick(['newest', 'score']),
      }),
  },
  { name: '(t2) text: a deck code', request: () => search({ text: benchCode(Math.floor(random() * DECKS)) }) },
  {
    name: '(t3) text: a word, the last begun, + 1 album',
    request: () =>
      search({ text: `${pick(TITLE_WORDS)} ${pick(TITLE_WORDS).slice(0, 3)}`, albums: [pick(ALBUMS).name] }),
  },
];

/** Names of n different cards, picked as visitors pick them (popular ones more often). */
function distinctCards(n: number): string[] {
  const names = new Set<string>();
  while (names.size < n) names.add(benchCard(Math.floor(CARD_POOL * random() ** 2)).name);
  return [...names];
}

/** BENCH_ROWS=k,l,t1: only these rows (by their letter in brackets; a quick look at a few on a busy machine), all by default. */
const ROW_LETTERS = process.env.BENCH_ROWS?.split(',').map((row) => row.trim());
const chosen = (kind: QueryKind) => !ROW_LETTERS || ROW_LETTERS.some((letter) => kind.name.startsWith(`(${letter})`));

/** Decks a moderator hid (one in HIDDEN_EVERY): every list and count leaves them out, as a live site has some. */
const HIDDEN_EVERY = 1000;

async function measure(label: string, handle: DbHandle, dataDir: string, ids: string[]) {
  const app = await buildApp({
    config: { ...loadConfig({}), dataDir, seedDemo: false },
    db: handle.db,
    dialect: handle.dialect,
    searchDb: handle.searchDb,
  });
  // Searches are answered from the in-memory index once it is read (decks/live-deck-index.ts): the
  // time and memory of that first read are what a server start costs.
  await app.ready();
  // npm run bench:search runs with --expose-gc: the heap is measured without the load's garbage.
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  await app.deckIndex.start();
  gc();
  console.log(
    `${label}: search index read in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s, heap +${(
      (process.memoryUsage().heapUsed - heapBefore) /
      2 ** 20
    ).toFixed(0)} MB`,
  );
  // What the machine alone costs a timer: on a loaded machine the loop waits for a CPU even with
  // nothing to do.
  const idle = watchLoop();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const quiet = idle.stop();
  const rows: string[] = [
    `| ${label} | (idle) nothing running, 3 s | | | | | ${quiet.late.toFixed(1)} | ${quiet.held.toFixed(1)} |`,
  ];
  for (const kind of KINDS.filter(chosen)) {
    const times: number[] = [];
    let cpu = 0;
    // How late the event loop ran during the row: what any other request waited behind the searches.
    let loop: ReturnType<typeof watchLoop> | undefined;
    for (let i = 0; i < RUNS + 10; i++) {
      const request = kind.request(ids);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const res = await app.inject(request);
      const ms = performance.now() - t0;
      const used = process.cpuUsage(cpu0);
      if (res.statusCode !== (kind.status ?? 200)) throw new Error(`${kind.name}: ${res.statusCode} ${res.body}`);
      // Back to the event loop's timers, so that the lateness monitor records a wait that just ended
      // (a route answered without ever yielding would otherwise show none at all).
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (i === 9) loop = watchLoop();
      // The first runs warm caches. Search pages are kept for 5 s (decks/deck-reads.ts); the other routes read the database every time.
      if (i >= 10) {
        times.push(ms);
        cpu += (used.user + used.system) / 1000;
      }
    }
    const hold = loop!.stop();
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | ${kind.name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${(cpu / RUNS).toFixed(1)} | ${hold.late.toFixed(1)} | ${hold.held.toFixed(1)} |`,
    );
  }
  console.log(
    '\n| database | query | p50 ms | p95 ms | p99 ms | CPU ms of this process | event loop late, max ms | of which its thread ran, max ms |\n|---|---|---|---|---|---|---|---|\n' +
      rows.join('\n') +
      '\n\n(wall times include waiting for a CPU on a shared machine; the CPU column is this process per request, the database server of PostgreSQL not included)\n',
  );
  return app;
}

/** Load generator settings; autocannon runs in a worker thread so it does not share the server's event loop. */
const LOAD = { connections: 50, duration: 2, workers: 1 };
/** Rounds of the two routes measured alternately; the median ratio evens out the machine's noise. */
const ROUNDS = 7;

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, ...LOAD });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function compareOneDeckRoute(app: Awaited<ReturnType<typeof buildApp>>, ids: string[]) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const oneDeckUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/decks/onedeck/${ids[12345 % ids.length]}`;
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
  const oneDeck: number[] = [];
  const bareRps: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    oneDeck.push(await requestsPerSecond(oneDeckUrl));
    bareRps.push(await requestsPerSecond(bareUrl));
    ratios.push(oneDeck[round] / bareRps[round]);
  }
  await bare.close();
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(
    `GET /api/decks/onedeck/{id} vs a bare Fastify route in the same process, over HTTP: ${ROUNDS} alternating rounds of ` +
      `${LOAD.duration} s each with autocannon (${LOAD.connections} connections) in a worker thread.\n` +
      `  one-deck req/s: ${list(oneDeck)}\n  bare req/s:     ${list(bareRps)}\n` +
      `  ratio per round: ${ratios.map((r) => `${(100 * r).toFixed(0)}%`).join(', ')}; median ratio ${(
        100 *
        percentile(
          [...ratios].sort((a, b) => a - b),
          50,
        )
      ).toFixed(0)}%`,
  );
}

/** Fills a database with the bench's decks (search-fill.ts) and returns their ids. */
async function fill(label: string, fillWith: () => string[] | Promise<string[]>): Promise<string[]> {
  const started = Date.now();
  const ids = await fillWith();
  console.log(`${label} filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ids;
}

/**
 * Hides one deck in HIDDEN_EVERY, as moderators would, before measuring; returns the visible ones,
 * sorted: a database filled before lists its ids in another order, and must hide and pick the same decks.
 */
async function hideSome(handle: DbHandle, ids: string[]): Promise<string[]> {
  const sorted = [...ids].sort();
  const hidden = sorted.filter((_, i) => i % HIDDEN_EVERY === 0);
  await handle.db
    .updateTable('decks')
    .set({ hidden_at: new Date(NOW).toISOString() })
    .where('id', 'in', hidden)
    .execute();
  console.log(`${hidden.length} decks hidden by moderators`);
  return sorted.filter((_, i) => i % HIDDEN_EVERY !== 0);
}

async function measureDatabase(label: string, handle: DbHandle, dataDir: string, allIds: string[]) {
  const ids = await hideSome(handle, allIds);
  const app = await measure(label, handle, dataDir, ids);
  // A look at a few rows leaves out the req/s comparison (half a minute of load).
  if (!ROW_LETTERS) await compareOneDeckRoute(app, ids);
  await app.close();
}

console.log(`${DECKS} decks of 18 cards; "this week" from ${startOfGameWeek(new Date()).toISOString()}`);

/**
 * BENCH_SQLITE_FILE: a database this bench filled before (with the same BENCH_DECKS), measured again
 * without filling it anew (the fill takes minutes on a busy machine); a file without decks is
 * filled and kept for the next run. BENCH_SKIP_SQLITE=1 or BENCH_SKIP_POSTGRES=1 leave one database out.
 */
const reusedSqlite = process.env.BENCH_SQLITE_FILE;
if (process.env.BENCH_SKIP_SQLITE !== '1') {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-bench-'));
  const sqliteFile = reusedSqlite ?? path.join(sqliteDir, 'bench.sqlite');
  const sqliteHandle = openDb({ sqliteFile });
  try {
    await migrateToLatest(sqliteHandle.db);
    const kept = (await sqliteHandle.db.selectFrom('decks').select('id').execute()).map((row) => row.id);
    const ids = kept.length ? kept : await fill('SQLite', () => fillSqlite(sqliteFile, DECKS, NOW));
    await measureDatabase('SQLite', sqliteHandle, sqliteDir, ids);
  } finally {
    await sqliteHandle.close();
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
}
if (process.env.BENCH_SKIP_POSTGRES === '1') process.exit(0);

/**
 * BENCH_PG_SCHEMA: a schema this bench filled before (same BENCH_DECKS), measured again without a
 * new fill; a name not yet taken is filled and kept for the next run. Without it, a schema of its
 * own, dropped at the end.
 */
const keptSchema = process.env.BENCH_PG_SCHEMA;
const schema = keptSchema ?? `bench_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
try {
  await admin.connect();
} catch (error) {
  console.log(`PostgreSQL not reachable at ${PG_URL} (${(error as Error).message}): skipped.`);
  process.exit(0);
}
const filledBefore =
  keptSchema !== undefined &&
  (
    await admin.query(`select 1 from information_schema.tables where table_schema = $1 and table_name = 'decks'`, [
      schema,
    ])
  ).rowCount === 1;
await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
const pgHandle = openDb({ databaseUrl: PG_URL, pgSchema: schema });
try {
  await migrateToLatest(pgHandle.db);
  const ids = filledBefore
    ? (await pgHandle.db.selectFrom('decks').select('id').execute()).map((row) => row.id)
    : await fill('PostgreSQL', () =>
        fillPostgres(PG_URL, schema, DECKS, NOW, process.env.BENCH_COPY_DIR ?? os.tmpdir()),
      );
  const { rows: size } = await admin.query(
    `select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size, pg_size_pretty(pg_database_size(current_database())) as database
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'm')`,
    [schema],
  );
  console.log(
    `PostgreSQL schema ${schema}: ${size[0].size} (tables with their indexes); the whole database (every schema): ${size[0].database}`,
  );
  await measureDatabase('PostgreSQL', pgHandle, os.tmpdir(), ids);
} finally {
  await pgHandle.close();
  if (!keptSchema) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
