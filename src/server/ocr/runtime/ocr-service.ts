// The deck reader of one process: a warm pool of tesseract workers (started once, at start) and an
// index of the card catalog, with admission control so a flood of uploads is answered "busy"
// quickly instead of queueing without bound. The web process reads with it when there is no Redis;
// `npm run worker` reads the queue's jobs with it otherwise (deck-reader.ts chooses).
import type { Db } from '../../db/connect';
import { catalogVersion, listCatalog } from '../../cards/card-store';
import { CatalogIndex } from '../catalog/catalog-index';
import type { DeckReader, ReaderStatus } from './reader';
import type { DeckReading } from '../pipeline/reading';
import { readDeckImage } from './read-deck-image';
import { OcrBusyError, createOcrPool, withTimeout, type OcrPool, type OcrPoolOptions } from './worker-pool';

export interface OcrServiceOptions {
  pool?: OcrPoolOptions;
  /**
   * Images being read or waiting at once; one more is refused with `OcrBusyError`. Counted per
   * image rather than per OCR job, so an image is either read whole or refused up front.
   * Default: 4 per worker (each image takes ~0.5–1.5 s of one worker).
   */
  maxPendingReads?: number;
  /** A read that is not done after this long is answered with `OcrTimeoutError` (ms). */
  readTimeoutMs?: number;
}

/** OCR_READ_TIMEOUT_MS's default (config.ts): how long an uploader waits for the reading. */
const DEFAULT_READ_TIMEOUT_MS = 20_000;

export class OcrService implements DeckReader {
  readonly description = 'in this process (no REDIS_URL)';
  private pending = 0;
  /** The index and the catalog version it was built from; rebuilt when the catalog changes. */
  private index: { version: number; built: Promise<CatalogIndex> } | null = null;

  private constructor(
    private readonly db: Db,
    private readonly pool: OcrPool,
    private readonly maxPendingReads: number,
    private readonly readTimeoutMs: number,
  ) {}

  /** Starts and warms the workers (about a second); call once per process. */
  static async start(db: Db, options: OcrServiceOptions = {}): Promise<OcrService> {
    return OcrService.withPool(db, await createOcrPool(options.pool), options);
  }

  /** A service on a pool started elsewhere (tests share one pool between services). */
  static withPool(db: Db, pool: OcrPool, options: Omit<OcrServiceOptions, 'pool'> = {}): OcrService {
    return new OcrService(
      db,
      pool,
      options.maxPendingReads ?? pool.size * 4,
      options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
    );
  }

  /** True when a read now would be refused: lets a route say "busy" before taking a 10 MB body. */
  async isFull(): Promise<boolean> {
    return this.isAtLimit();
  }

  private isAtLimit(): boolean {
    return this.pending >= this.maxPendingReads;
  }

  /** Tesseract workers of the pool. */
  get poolSize(): number {
    return this.pool.size;
  }

  /** Reads being answered now (what `maxPendingReads` limits). */
  get pendingReads(): number {
    return this.pending;
  }

  /**
   * Reads the deck code and cards of a validated image. The read's place is given back when its
   * answer goes out, whatever happened: success, failure or time limit. A read given up at its
   * limit drops its jobs still waiting in the pool; those already running end by their own
   * deadline, so an abandoned read cannot hold the workers for long either. `timeoutMs` replaces
   * the limit for one read (a queued job, whose uploader waits only until its deadline).
   */
  async read(image: Buffer, { timeoutMs = this.readTimeoutMs }: { timeoutMs?: number } = {}): Promise<DeckReading> {
    if (this.isAtLimit()) throw new OcrBusyError();
    this.pending++;
    try {
      const abandon = new AbortController();
      const pool = withSignal(this.pool, abandon.signal);
      const reading = this.catalogIndex().then((index) => readDeckImage(image, { pool, index }));
      return await withTimeout(reading, timeoutMs, () => abandon.abort());
    } finally {
      this.pending--;
    }
  }

  /**
   * Builds the catalog index now rather than on the first upload: building it for 5,000 cards
   * holds the event loop for ~0.3 s, better spent at start-up than in a user's request.
   */
  async prepare(): Promise<void> {
    await this.catalogIndex();
  }

  async status(): Promise<ReaderStatus> {
    return { liveWorkers: this.pool.stats().workers, pendingReads: this.pending };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * The catalog index, rebuilt when the catalog changes (an import added or renamed cards): the
   * catalog's version is a counter the database bumps on every change of a card's code or name
   * (migrations/0004-catalog-version.ts), read in well under a millisecond; rebuilding the index
   * for 5,000 cards costs tens of them.
   */
  private async catalogIndex(): Promise<CatalogIndex> {
    const version = await catalogVersion(this.db);
    if (this.index?.version !== version) {
      const built = listCatalog(this.db).then((cards) => new CatalogIndex(cards));
      this.index = { version, built };
      // A failed build must not be cached: the next read tries again.
      built.catch(() => {
        if (this.index?.built === built) this.index = null;
      });
    }
    return this.index.built;
  }
}

/** The pool as one read sees it: its jobs still waiting are dropped once the read is given up. */
function withSignal(pool: OcrPool, signal: AbortSignal): OcrPool {
  return {
    size: pool.size,
    recognizeAll: (jobs) => pool.recognizeAll(jobs, { signal }),
    queued: () => pool.queued(),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
