// The mixed workload of real traffic against a running server: the home page's columns, filtered
// searches, deck pages, comment lists, and votes and comments by signed-in users, with an OCR
// upload every few seconds. One autocannon instance per kind of route, run side by side, so each
// kind gets its own latency figures.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { Db } from '../../db/connect';
import { buildUser } from '../../test/factories';

export interface LoadOptions {
  baseUrl: string;
  db: Db;
  durationSec: number;
  /** Connections in all, shared among the route kinds by their weight. */
  connections: number;
  signedInUsers: number;
  /** A deck screenshot to upload every `ocrEverySec`; none when absent. */
  ocrImage?: Buffer;
  ocrEverySec?: number;
}

export interface RouteKindResult {
  kind: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  status5xx: number;
  errors: number;
}

export interface LoadResult {
  kinds: RouteKindResult[];
  ocr: { sent: number; ok: number; busy429: number; other: number; p50: number; max: number };
  totalRps: number;
  totalErrors: number;
  total5xx: number;
}

interface Fixtures {
  deckIds: string[];
  filters: { albums: string[]; tags: string[]; collections: string[] }[];
  cookies: string[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

/** Real ids and filter values from the running server, and sessions for `users` new accounts. */
async function prepare(options: LoadOptions): Promise<Fixtures> {
  const res = await fetch(`${options.baseUrl}/api/decks/search-decks?page=1&limit=100`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { decks } = (await res.json()) as { decks: { _id: string; albums: string[]; tags: string[]; collections: string[] }[] };
  if (decks.length === 0) throw new Error('the server has no decks to read (start it with demo data)');
  const filters = decks.flatMap((d) => [{ albums: d.albums.slice(0, 1), tags: [], collections: [] }, { albums: [], tags: d.tags.slice(0, 1), collections: d.collections.slice(0, 1) }]);
  const cookies: string[] = [];
  // Straight into the database: signing 50 users in through argon2 is not what is measured.
  for (let i = 0; i < options.signedInUsers; i++) cookies.push((await buildUser(options.db)).cookie);
  return { deckIds: decks.map((d) => d._id), filters, cookies };
}

type Req = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/** Each kind of route: its share of the connections and how one of its requests is made. */
function routeKinds(f: Fixtures): { kind: string; weight: number; next: () => Req }[] {
  const json = { 'content-type': 'application/json' };
  return [
    {
      kind: 'home columns',
      weight: 30,
      next: () => ({ method: 'POST', path: '/api/decks/search-decks?page=1&limit=5', headers: json, body: JSON.stringify(pick([{ sortBy: 'score' }, { sortBy: 'score', restricted: true }, {}])) }),
    },
    { kind: 'search', weight: 20, next: () => ({ method: 'POST', path: `/api/decks/search-decks?page=${pick([1, 1, 2])}&limit=12`, headers: json, body: JSON.stringify(pick(f.filters)) }) },
    { kind: 'deck page', weight: 25, next: () => ({ method: 'GET', path: `/api/decks/onedeck/${pick(f.deckIds)}` }) },
    { kind: 'comments list', weight: 10, next: () => ({ method: 'GET', path: `/api/comments/get/${pick(f.deckIds)}` }) },
    {
      kind: 'vote',
      weight: 10,
      next: () => ({ method: 'POST', path: `/api/decks/onedeck/${pick(f.deckIds)}`, headers: { ...json, cookie: pick(f.cookies) }, body: JSON.stringify({ change: pick(['increase', 'decrease']) }) }),
    },
    {
      kind: 'comment post',
      weight: 5,
      next: () => ({ method: 'POST', path: `/api/comments/post/${pick(f.deckIds)}`, headers: { ...json, cookie: pick(f.cookies) }, body: JSON.stringify({ comment: `Load test comment ${Math.random().toString(36).slice(2)}` }) }),
    },
  ];
}

function runKind(baseUrl: string, connections: number, durationSec: number, next: () => Req): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        duration: durationSec,
        // A fresh request each time (random deck, filter, user), not one replayed.
        requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const fivexx = (r: autocannon.Result) =>
  Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, s]) => sum + (s.count ?? 0), 0);

/** Uploads the screenshot every `everySec` until `until`; 429 (reader full) is an answer, not an error. */
async function ocrLoop(options: LoadOptions, cookie: string, until: number): Promise<LoadResult['ocr']> {
  const result = { sent: 0, ok: 0, busy429: 0, other: 0, p50: 0, max: 0 };
  const times: number[] = [];
  while (options.ocrImage && Date.now() + (options.ocrEverySec ?? 3) * 1000 < until) {
    await new Promise((r) => setTimeout(r, (options.ocrEverySec ?? 3) * 1000));
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(options.ocrImage)], { type: 'image/jpeg' }), 'deck.jpg');
    const started = Date.now();
    result.sent++;
    try {
      const res = await fetch(`${options.baseUrl}/api/uploadimage/`, { method: 'POST', body: form, headers: { cookie } });
      await res.arrayBuffer();
      if (res.ok) result.ok++;
      else if (res.status === 429) result.busy429++;
      else result.other++;
    } catch {
      result.other++;
    }
    times.push(Date.now() - started);
  }
  times.sort((a, b) => a - b);
  result.p50 = times[Math.floor(times.length / 2)] ?? 0;
  result.max = times[times.length - 1] ?? 0;
  return result;
}

export async function runMixedLoad(options: LoadOptions): Promise<LoadResult> {
  const fixtures = await prepare(options);
  const kinds = routeKinds(fixtures);
  const totalWeight = kinds.reduce((sum, k) => sum + k.weight, 0);
  const until = Date.now() + options.durationSec * 1000;
  const ocr = ocrLoop(options, fixtures.cookies[0], until);
  const results = await Promise.all(
    kinds.map(async (k) => {
      const connections = Math.max(1, Math.round((options.connections * k.weight) / totalWeight));
      const r = await runKind(options.baseUrl, connections, options.durationSec, k.next);
      return {
        kind: k.kind,
        connections,
        requests: r.requests.total,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        non2xx: r.non2xx,
        status5xx: fivexx(r),
        errors: r.errors + r.timeouts,
      };
    }),
  );
  return {
    kinds: results,
    ocr: await ocr,
    totalRps: results.reduce((sum, r) => sum + r.rps, 0),
    totalErrors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    total5xx: results.reduce((sum, r) => sum + r.status5xx, 0),
  };
}

export function readImage(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

export function formatLoadResult(title: string, r: LoadResult, rss: { start: number; end: number; peak: number }): string {
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  const rows = r.kinds.map(
    (k) =>
      `  ${k.kind.padEnd(14)} conns ${String(k.connections).padStart(3)}  ${k.rps.toFixed(0).padStart(6)} req/s  p50 ${String(k.p50).padStart(4)} ms  p99 ${String(k.p99).padStart(4)} ms  max ${String(k.max).padStart(5)} ms  non-2xx ${k.non2xx}  5xx ${k.status5xx}  errors ${k.errors}`,
  );
  return [
    `${title}: ${r.totalRps.toFixed(0)} req/s in all; errors (non-2xx + socket) ${r.totalErrors}; 5xx ${r.total5xx}`,
    ...rows,
    `  OCR uploads    sent ${r.ocr.sent}, ok ${r.ocr.ok}, busy (429) ${r.ocr.busy429}, other ${r.ocr.other}; p50 ${r.ocr.p50} ms, max ${r.ocr.max} ms`,
    `  RSS            start ${mb(rss.start)}, end ${mb(rss.end)}, peak ${mb(rss.peak)}`,
  ].join('\n');
}
