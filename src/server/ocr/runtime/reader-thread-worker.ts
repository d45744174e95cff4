/**
 * Inside a deck reader thread: reads images sent by `reader-thread.ts`, sending each batch of
 * crops back to the main thread's OCR pool, and answers with the reading or the error.
 */
import { parentPort } from 'node:worker_threads';
import { CatalogIndex, type CatalogCard } from '../catalog/catalog-index';
import { readDeckInThisThread } from '../pipeline/read-deck';
import { errorFromWire, errorToWire, type FromReader, type ToReader } from './reader-thread-messages';
import type { OcrJob, OcrJobRunner, OcrResult, RecognizeOptions } from './worker-pool';

const port = parentPort;
if (!port) throw new Error('reader-thread-worker runs in a worker thread');

/** Indexes by id; the main thread sends an index's cards once, with its first read. */
const indexes = new Map<number, CatalogIndex>();
const pendingOcr = new Map<number, { resolve: (r: OcrResult[]) => void; reject: (e: Error) => void }>();
let nextCall = 0;

function send(message: FromReader, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

function poolFor(readId: number, size: number): OcrJobRunner {
  return {
    size,
    recognizeAll(jobs: OcrJob[], { first = false }: RecognizeOptions = {}): Promise<OcrResult[]> {
      const callId = nextCall++;
      return new Promise((resolve, reject) => {
        pendingOcr.set(callId, { resolve, reject });
        send({ type: 'ocr', readId, callId, jobs, first });
      });
    },
  };
}

port.on('message', (message: ToReader) => {
  if (message.type === 'ocr-result') {
    const pending = pendingOcr.get(message.callId);
    pendingOcr.delete(message.callId);
    if (message.error) pending?.reject(errorFromWire(message.error));
    else pending?.resolve(message.results ?? []);
    return;
  }
  if (message.cards) {
    indexes.clear();
    indexes.set(message.indexId, new CatalogIndex(message.cards as CatalogCard[]));
  }
  const index = indexes.get(message.indexId);
  if (!index) {
    send({
      type: 'failed',
      readId: message.readId,
      error: { name: 'Error', message: 'catalog index missing in the reader thread' },
    });
    return;
  }
  const image = Buffer.from(message.image.buffer, message.image.byteOffset, message.image.byteLength);
  readDeckInThisThread(image, { pool: poolFor(message.readId, message.poolSize), index }).then(
    (reading) => send({ type: 'done', readId: message.readId, reading }),
    (error: unknown) => send({ type: 'failed', readId: message.readId, error: errorToWire(error) }),
  );
});
