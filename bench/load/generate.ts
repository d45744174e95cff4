// The load generator's side of a run: the route kinds' traffic in one of the two shapes, an OCR
// upload every few seconds beside it, and the figures of both. Runs in a process of its own
// (generator-process.ts), so the server under test has its cores to itself.
import { runClosedLoop } from './closed-loop';
import { runOpenLoop } from './open-loop';
import { watchProcess, type ProcessFigures } from './process-watch';
import { newTally, percentile, summarize, type LatencySummary } from './tally';
import { routeKinds, type Fixtures } from './traffic';

export interface TrafficPlan {
  baseUrl: string;
  fixtures: Fixtures;
  durationSec: number;
  /** Connections in all (closed loop: shared among the kinds by weight; open loop: the pool's size). */
  connections: number;
  /** Requests per second offered in all; absent: closed loop, as fast as the server answers. */
  rate?: number;
  /** A deck screenshot to upload every `ocrEverySec`; none when absent. */
  ocrImage?: Uint8Array;
  ocrEverySec: number;
}

export interface RouteKindResult extends LatencySummary {
  kind: string;
  read: boolean;
  /** The kind's own connections (closed loop only; the open loop shares one pool). */
  connections?: number;
  non2xx: number;
  status5xx: number;
  errors: number;
}

export interface LoadResult {
  shape:
    | { closedLoop: true; connections: number }
    | { closedLoop: false; connections: number; offeredRps: number; peakInFlight: number };
  kinds: RouteKindResult[];
  /** All read kinds together. */
  reads: LatencySummary;
  /** OCR uploads; `other` is any answer but 2xx and 429, or none. */
  ocr: { sent: number; ok: number; busy429: number; status5xx: number; other: number; p50: number; max: number };
  /** The generator's own process: a late generator sends late, which shows as latency. */
  generator: Pick<ProcessFigures, 'loopDelay' | 'cpu'>;
  totalRps: number;
  /** Non-2xx answers and requests without an answer, OCR uploads' `other` included. */
  totalErrors: number;
  total5xx: number;
}

/** Uploads the screenshot every `everySec` until `until`; 429 (reader full) is an answer, not an error. */
async function ocrLoop(plan: TrafficPlan, until: number): Promise<LoadResult['ocr']> {
  const result = { sent: 0, ok: 0, busy429: 0, status5xx: 0, other: 0 };
  const times: number[] = [];
  const everyMs = plan.ocrEverySec * 1000;
  while (plan.ocrImage && Date.now() + everyMs < until) {
    await new Promise((r) => setTimeout(r, everyMs));
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(plan.ocrImage)], { type: 'image/jpeg' }), 'deck.jpg');
    const started = Date.now();
    result.sent++;
    try {
      const res = await fetch(`${plan.baseUrl}/api/uploadimage/`, {
        method: 'POST',
        body: form,
        headers: { cookie: plan.fixtures.cookies[0] },
      });
      await res.arrayBuffer();
      if (res.ok) result.ok++;
      else if (res.status === 429) result.busy429++;
      else result.other++;
      if (res.status >= 500) result.status5xx++;
    } catch {
      result.other++;
    }
    times.push(Date.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ...result, p50: percentile(times, 0.5), max: percentile(times, 1) };
}

export async function generateTraffic(plan: TrafficPlan): Promise<LoadResult> {
  const kinds = routeKinds(plan.fixtures);
  const tallies = kinds.map(() => newTally());
  const { durationSec, connections, rate } = plan;
  const watch = watchProcess();
  const ocr = ocrLoop(plan, Date.now() + durationSec * 1000);
  let shape: LoadResult['shape'];
  let shares: (number | undefined)[] = [];
  if (rate === undefined) {
    shares = await runClosedLoop(plan.baseUrl, kinds, tallies, { connections, durationSec });
    shape = { closedLoop: true, connections };
  } else {
    const { peakInFlight } = await runOpenLoop(plan.baseUrl, kinds, tallies, { rate, connections, durationSec });
    shape = { closedLoop: false, connections, offeredRps: rate, peakInFlight };
  }
  const results = kinds.map((k, i) => ({
    kind: k.kind,
    read: k.read,
    connections: shares[i],
    ...summarize([tallies[i]], durationSec),
    non2xx: tallies[i].non2xx,
    status5xx: tallies[i].status5xx,
    errors: tallies[i].errors,
  }));
  const uploads = await ocr;
  return {
    shape,
    kinds: results,
    reads: summarize(
      tallies.filter((_, i) => kinds[i].read),
      durationSec,
    ),
    ocr: uploads,
    generator: watch.stop(),
    totalRps: results.reduce((sum, r) => sum + r.rps, 0),
    totalErrors: results.reduce((sum, r) => sum + r.errors + r.non2xx, uploads.other),
    total5xx: results.reduce((sum, r) => sum + r.status5xx, uploads.status5xx),
  };
}
