// The one way the web app talks to the API: every non-OK answer becomes an ApiRequestError
// carrying the server's `{error, message}`, so screens show one kind of error.
import type { z } from 'zod';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** 4xx: the request itself was refused, so asking again gives the same answer. */
export const isRefusal = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/**
 * Reads an answer's body, whatever carried it (fetch here, XMLHttpRequest for uploads): the
 * parsed data when the status is 2xx and the body fits the schema, else an ApiRequestError.
 */
export function readAnswer<T>(status: number, body: string, schema: z.ZodType<T> | null): T {
  let data: unknown = undefined;
  try {
    data = body ? JSON.parse(body) : undefined;
  } catch {
    // Not JSON (a proxy's error page): only the status says anything.
  }
  if (status < 200 || status >= 300) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiRequestError(status, typeof message === 'string' ? message : `Request failed (${status})`);
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiRequestError(status, 'The server sent an unexpected answer.');
  return parsed.data;
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, schema: z.ZodType<T> | null, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(path, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'same-origin', signal: options.signal });
  return readAnswer(res.status, await res.text(), schema);
}

/**
 * A binary answer (an image) as bytes. A refusal or failure still comes as the server's JSON
 * `{error, message}`, so it is read by readAnswer like any other.
 */
export async function apiRequestBytes(path: string, options: { signal?: AbortSignal } = {}): Promise<ArrayBuffer> {
  const res = await fetch(path, { credentials: 'same-origin', signal: options.signal });
  if (!res.ok) readAnswer(res.status, await res.text(), null);
  return res.arrayBuffer();
}

/** The retry rule of reads: once more after a failure, never after a refusal (a missing deck stays missing). */
export const retryUnlessRefused = (failureCount: number, error: unknown) => !isRefusal(error) && failureCount < 1;
