// Posts a multipart form with upload progress. fetch() cannot report how much of a request body
// has been sent, and a 10 MB screenshot on a phone connection takes long enough to need it, so
// this one call uses XMLHttpRequest; errors come out as the same ApiRequestError as apiRequest.
import type { z } from 'zod';
import { ApiRequestError, readAnswer } from '../../../lib/api-client';

export interface SendFormOptions {
  /** 0..1 as the body goes out; 1 once it is all sent (the server is then working on it). */
  onUploadProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

export function sendForm<T>(
  path: string,
  form: FormData,
  schema: z.ZodType<T>,
  options: SendFormOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onUploadProgress?.(1);
    xhr.onload = () => {
      try {
        resolve(readAnswer(xhr.status, xhr.responseText, schema));
      } catch (error) {
        reject(error);
      }
    };
    // Status 0: the request never got an answer (offline, connection reset).
    xhr.onerror = () => reject(new ApiRequestError(0, 'The server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal?.aborted) return xhr.abort();
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
