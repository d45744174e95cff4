// Offered rate (open loop): requests arrive at random (Poisson) at `rate` per second in all, mixed by
// weight, whether or not earlier ones were answered, and go out over a pool of at most
// `connections` keep-alive connections. Latency counts from the moment a request was due, so time
// spent waiting for a free connection counts too: a slow server cannot hide behind a load generator
// that slows down with it (coordinated omission).
//
// Not autocannon's `overallRate`: autocannon gives each connection a quota per second, sent back to
// back as soon as the second starts, and all connections start their seconds together, so a
// "limited" run is bursts of the full connection count at the top of every second, and its
// latencies are those of saturation.
import http from 'node:http';
import { pickByWeight, type Req, type RouteKind } from './traffic';
import { recordResponse, type KindTally } from './tally';

const TIMEOUT_MS = 10_000;

/** Calls `onDone` once: with the status, or with null when no answer came (error, timeout). */
function send(agent: http.Agent, base: URL, req: Req, onDone: (status: number | null) => void): void {
  let settled = false;
  const finish = (status: number | null) => {
    if (settled) return;
    settled = true;
    onDone(status);
  };
  const body = req.body ?? '';
  const request = http.request(
    {
      agent,
      host: base.hostname,
      port: base.port,
      method: req.method,
      path: req.path,
      headers: { ...req.headers, 'content-length': Buffer.byteLength(body) },
      timeout: TIMEOUT_MS,
    },
    (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? 0));
      res.on('error', () => finish(null));
    },
  );
  request.on('timeout', () => request.destroy(new Error('timeout')));
  request.on('error', () => finish(null));
  request.end(body);
}

export interface OpenLoopStats {
  /** Most requests in flight (sent or waiting for a connection) at one time. */
  peakInFlight: number;
}

export async function runOpenLoop(
  baseUrl: string,
  kinds: RouteKind[],
  tallies: KindTally[],
  options: { rate: number; connections: number; durationSec: number },
): Promise<OpenLoopStats> {
  // FIFO hands out the connection idle longest, so all stay in use and none is closed as idle
  // just as a request is written to it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, scheduling: 'fifo' });
  const base = new URL(baseUrl);
  let inFlight = 0;
  let peakInFlight = 0;
  let allSent = false;
  let drained: () => void = () => {};
  const done = new Promise<void>((resolve) => (drained = resolve));

  const start = performance.now();
  const end = start + options.durationSec * 1000;
  let due = start;
  while (true) {
    due += (-Math.log(1 - Math.random()) * 1000) / options.rate;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    const i = kinds.indexOf(pickByWeight(kinds));
    const dueAt = due;
    peakInFlight = Math.max(peakInFlight, ++inFlight);
    send(agent, base, kinds[i].next(), (status) => {
      if (status === null) tallies[i].errors++;
      else recordResponse(tallies[i], status, performance.now() - dueAt);
      if (--inFlight === 0 && allSent) drained();
    });
  }
  allSent = true;
  if (inFlight > 0) await done;
  agent.destroy();
  return { peakInFlight };
}
