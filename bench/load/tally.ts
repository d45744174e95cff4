// Per kind of route: every response's latency and status, and the requests that got none.
// Both load shapes (closed loop, offered rate) report through this, so their tables compare.

export interface KindTally {
  latencies: number[];
  non2xx: number;
  status5xx: number;
  /** Socket errors and timeouts: requests without any answer. */
  errors: number;
}

export interface LatencySummary {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

export function newTally(): KindTally {
  return { latencies: [], non2xx: 0, status5xx: 0, errors: 0 };
}

export function recordResponse(tally: KindTally, status: number, ms: number): void {
  tally.latencies.push(ms);
  if (status < 200 || status >= 300) tally.non2xx++;
  if (status >= 500) tally.status5xx++;
}

/** Nearest-rank percentile `p` (0..1) of ascending values; 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/** The latencies of the given tallies together. */
export function summarize(tallies: KindTally[], durationSec: number): LatencySummary {
  const sorted = tallies.flatMap((t) => t.latencies).sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: sorted.length / durationSec,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
}
