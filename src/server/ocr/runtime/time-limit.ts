import { OcrTimeoutError } from '../ocr-errors';

/**
 * The promise's outcome, or `OcrTimeoutError` when it takes longer than `ms` (`onTimeout` is called
 * then). The promise keeps running; its later rejection is handled here, never left unhandled.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new OcrTimeoutError());
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
