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
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: handled below */
  }
  if (!res.ok) {
    const message = (data as { message?: string } | undefined)?.message ?? `Request failed (${res.status})`;
    throw new ApiRequestError(res.status, message);
  }
  return schema ? schema.parse(data) : (data as T);
}
