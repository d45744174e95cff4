/**
 * What the main thread and a deck reader thread say to each other, and errors across the gap (a
 * thread's, or a queue worker's: see read-queue.ts).
 */
import type { CatalogCard } from '../catalog/catalog-index';
import { OcrImageError } from '../pipeline/image-input';
import type { DeckReading } from '../pipeline/reading';
import {
  OcrBusyError,
  OcrCancelledError,
  OcrTimeoutError,
  OcrUnavailableError,
  OcrWorkerLostError,
  type OcrJob,
  type OcrResult,
} from './worker-pool';

export interface WireError {
  name: string;
  message: string;
}

export type ToReader =
  | {
      type: 'read';
      readId: number;
      image: Uint8Array;
      indexId: number;
      cards?: readonly CatalogCard[];
      poolSize: number;
    }
  | { type: 'ocr-result'; callId: number; results?: OcrResult[]; error?: WireError };

export type FromReader =
  | { type: 'ocr'; readId: number; callId: number; jobs: OcrJob[]; first: boolean }
  | { type: 'done'; readId: number; reading: DeckReading }
  | { type: 'failed'; readId: number; error: WireError };

export function errorToWire(error: unknown): WireError {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

/** The error as its own class again, so callers can tell a busy reader from a bad image. */
export function errorFromWire(error: WireError): Error {
  if (error.name === 'OcrBusyError') return new OcrBusyError(error.message);
  if (error.name === 'OcrTimeoutError') return new OcrTimeoutError(error.message);
  if (error.name === 'OcrImageError') return new OcrImageError(error.message);
  if (error.name === 'OcrWorkerLostError') return new OcrWorkerLostError(error.message);
  if (error.name === 'OcrUnavailableError') return new OcrUnavailableError(error.message);
  if (error.name === 'OcrCancelledError') return new OcrCancelledError(error.message);
  const plain = new Error(error.message);
  plain.name = error.name;
  return plain;
}
