// What a reading of a share image is (the answer of the pipeline), and which of its failures the
// caller answers itself. Shared by the pipeline and the threads that run it, so neither imports the other.
import type { CardMatch, CatalogIndex } from '../catalog/catalog-index';
import { OcrBusyError, OcrCancelledError, OcrTimeoutError } from '../ocr-errors';
import type { OcrJobRunner } from '../runtime/worker-pool';
import { OcrImageError } from './image-input';
import type { StageTrace } from './trace';
import type { UnknownCard } from './unknown-cards';

export interface ReadCard {
  code: string;
  name: string;
  confidence: number;
  alternatives: CardMatch[];
}

export interface DeckReading {
  deck_code: string | null;
  cards: ReadCard[];
  /** How the cards were read: tile by tile in a grid, from text anywhere in the image, or not at all. */
  path: 'grid' | 'text' | 'none';
  /** Why the reading is empty or short, for the upload form to show; absent when all went well. */
  message?: string;
  /**
   * Tiles whose name was read as text but matches no card of the catalog. With no card found, a
   * count above zero means the catalog lacks these cards (an empty or outdated list), not a bad image.
   */
  unmatchedNames?: number;
  /** Those tiles' printed code and name as read: cards the catalog lacks (grid readings only). */
  unknownCards?: UnknownCard[];
}

export interface ReadDeckOptions {
  pool: OcrJobRunner;
  index: CatalogIndex;
  /** Records what each stage saw and decided (`--trace`); only when reading in this thread. */
  trace?: StageTrace;
}

export const READ_FAILED = 'The cards in this image could not be read. Please add them by hand.';

/**
 * Errors the caller answers itself: a file that is no image, a busy reader, a read past its time
 * (or given up after it, when nobody waits for the answer any more). Any other is the reader's own
 * failure, logged and answered with a message.
 */
export function isPassedOn(error: unknown): boolean {
  return (
    error instanceof OcrBusyError ||
    error instanceof OcrTimeoutError ||
    error instanceof OcrCancelledError ||
    error instanceof OcrImageError
  );
}
