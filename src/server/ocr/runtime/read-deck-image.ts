// The screenshot reader's entry for callers on the event loop: the pipeline run in a reader thread.
import { READ_FAILED, isPassedOn, type DeckReading, type ReadDeckOptions } from '../pipeline/reading';
import { readInReaderThread } from './reader-thread';

/**
 * Reads the deck in an uploaded image, in a reader thread (the event loop stays free). Rejects with
 * `OcrImageError` for a file that is not a readable image and `OcrBusyError` / `OcrTimeoutError`
 * from the pool; any other failure, even of the thread, is an answer with a message.
 */
export async function readDeckImage(buffer: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
  try {
    return await readInReaderThread(buffer, options);
  } catch (error) {
    if (isPassedOn(error)) throw error;
    console.error(`deck reader thread failed on a ${buffer.length}-byte upload:`, error);
    return { deck_code: null, cards: [], path: 'none', message: READ_FAILED };
  }
}
