// Prometheus metrics (prom-client), one registry per app so that several apps in one process (the
// tests) never share or double-register a metric. GET /metrics (routes.ts) serves them.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { answerInTime } from './health';
import type { PoolUse } from '../db/connect';
import type { DeckReader } from '../ocr/deck-reader';

/** Page and API answers take milliseconds; uploads up to the read limit (OCR_READ_TIMEOUT_MS, at most 55 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** A screenshot takes about 1 to 3 s of OCR on an idle machine; the read limit caps the rest. */
const OCR_BUCKETS = [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 55];

export interface Metrics {
  readonly registry: Registry;
  /** An HTTP answer: `route` is the route's pattern (`/api/decks/onedeck/:id`), never the raw URL. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** A screenshot read ended (`outcome` from ocr/deck-reader.ts `readOutcome`). */
  ocrRead(outcome: string, seconds: number): void;
}

export interface MetricSources {
  /** The reader, read when /metrics is scraped (null: none in this process). */
  ocr: () => DeckReader | null;
  /** PostgreSQL's pool; absent on SQLite. */
  poolUse?: () => PoolUse;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  // Process CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const ocrReads = new Counter({
    name: 'ocr_reads_total',
    help: 'Deck screenshot reads, by outcome (read, busy, timeout, worker_lost, not_running, unavailable, bad_image, error)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const ocrDuration = new Histogram({
    name: 'ocr_read_duration_seconds',
    help: 'Time from an upload handed to the reader to its reading or failure, by outcome',
    labelNames: ['outcome'] as const,
    buckets: OCR_BUCKETS,
    registers: [registry],
  });

  // Read when scraped, so the numbers are the reader's at that moment. No reader in this process
  // counts as no worker; a reader that cannot tell (Redis down, or no answer within the readiness
  // checks' time limit: its queue's client retries for tens of seconds) too, since no upload can be
  // read then, while the queue depth it cannot see keeps its last known value.
  const readerStatus = async () => {
    const reader = sources.ocr();
    return reader ? answerInTime(() => reader.status()).catch(() => null) : { liveWorkers: 0, pendingReads: 0 };
  };
  new Gauge({
    name: 'ocr_queue_depth',
    help: 'Screenshot reads admitted and not yet answered (this process without REDIS_URL; the whole site on the queue)',
    registers: [registry],
    async collect() {
      const status = await readerStatus();
      if (status) this.set(status.pendingReads);
    },
  });
  new Gauge({
    name: 'ocr_live_workers',
    help: 'Workers able to read screenshots (tesseract workers of this process, or npm run worker processes beating in Redis)',
    registers: [registry],
    async collect() {
      this.set((await readerStatus())?.liveWorkers ?? 0);
    },
  });
  const { poolUse } = sources;
  if (poolUse) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections, by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }

  return {
    registry,
    httpRequest(method, route, status, seconds) {
      httpDuration.observe({ method, route, status_code: String(status) }, seconds);
    },
    ocrRead(outcome, seconds) {
      ocrReads.inc({ outcome });
      ocrDuration.observe({ outcome }, seconds);
    },
  };
}
