// The server's one deck reader: a warm pool of tesseract workers (started once, at server start)
// and an index of the card catalog, with admission control so a flood of uploads is answered
// "busy" quickly instead of queueing without bound.
import type { Db } from '../db/connect';
import { countCards, listCatalog } from '../cards/card-store';
import { HttpError } from '../http/errors';
import { MESSAGES } from '../../common/messages';
import { CatalogIndex } from './catalog-index';
import { OcrImageError } from './image-input';
import { readDeckImage, type DeckReading } from './read-deck';
import { OcrBusyError, OcrTimeoutError, createOcrPool, withTimeout, type OcrPool, type OcrPoolOptions } from './worker-pool';

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

/** Below the server's 30 s request timeout, so the client gets our message rather than a reset. */
const DEFAULT_READ_TIMEOUT_MS = 20_000;

export class OcrService {
  private pending = 0;
  /** The index and the card count it was built from; rebuilt when cards are imported. */
  private index: { count: number; built: Promise<CatalogIndex> } | null = null;

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
    return new OcrService(db, pool, options.maxPendingReads ?? pool.size * 4, options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS);
  }

  /** True when a read now would be refused: lets a route say "busy" before taking a 10 MB body. */
  get isFull(): boolean {
    return this.pending >= this.maxPendingReads;
  }

  /** Reads the deck code and cards of a validated image. */
  async read(image: Buffer): Promise<DeckReading> {
    if (this.isFull) throw new OcrBusyError();
    this.pending++;
    // The slot is held until the reading really ends, even after a timeout answered the client:
    // the workers are still busy with it, and new work must not pile up behind it.
    const reading = this.catalogIndex()
      .then((index) => readDeckImage(image, { pool: this.pool, index }))
      .finally(() => this.pending--);
    return withTimeout(reading, this.readTimeoutMs);
  }

  /**
   * Builds the catalog index now rather than on the first upload: building it for 5,000 cards
   * holds the event loop for ~0.3 s, better spent at start-up than in a user's request.
   */
  async prepare(): Promise<void> {
    await this.catalogIndex();
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * The catalog index, rebuilt when the card count changes (an import added cards). A count query
   * costs well under a millisecond; rebuilding the index for 5,000 cards costs tens of them.
   */
  private async catalogIndex(): Promise<CatalogIndex> {
    const count = await countCards(this.db);
    if (this.index?.count !== count) {
      const built = listCatalog(this.db).then((cards) => new CatalogIndex(cards));
      this.index = { count, built };
      // A failed build must not be cached: the next read tries again.
      built.catch(() => {
        if (this.index?.built === built) this.index = null;
      });
    }
    return this.index.built;
  }
}

export const readerBusy = () => new HttpError(429, 'The card reader is busy right now. Please try again in a minute.');

/** The answer for a reader failure, or null when it is not one of the reader's own errors. */
export function ocrHttpError(error: unknown): HttpError | null {
  if (error instanceof OcrBusyError) return readerBusy();
  if (error instanceof OcrTimeoutError) return new HttpError(503, 'Reading the image took too long. Please try again later.');
  if (error instanceof OcrImageError) return new HttpError(400, `${MESSAGES.upload.invalidImage} ${error.message}`);
  return null;
}
