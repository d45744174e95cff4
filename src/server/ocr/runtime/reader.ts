// What the upload route sees of the screenshot reader, whichever way it reads (deck-reader.ts chooses).
import type { DeckReading } from '../pipeline/reading';

export interface DeckReader {
  /** Says how reads are done, for the start-up log. */
  readonly description: string;
  /** True when a read now would be refused: lets the route say "busy" before taking a 10 MB body. */
  isFull(): Promise<boolean>;
  /**
   * Reads the deck code and cards of a validated image. Fails with the reader's own errors
   * (ocr-errors.ts, `OcrImageError`), which `ocrHttpError` turns into answers.
   */
  read(image: Buffer): Promise<DeckReading>;
  /** Gets ready for the first upload (the catalog index is built at start, not in a user's request). */
  prepare(): Promise<void>;
  /** Workers able to read and reads admitted now (for /readyz and /metrics); rejects when the reader cannot tell (Redis down). */
  status(): Promise<ReaderStatus>;
  close(): Promise<void>;
}

export interface ReaderStatus {
  /** Tesseract workers of this process, or `npm run worker` processes whose heartbeat is in Redis. */
  liveWorkers: number;
  /** Reads admitted and not yet answered: in this process, or across the site on the queue. */
  pendingReads: number;
}

/** Where a reader reports what an operator should know: a pino logger fits. */
export interface ReaderLog {
  info(message: string): void;
  warn(message: string): void;
}
