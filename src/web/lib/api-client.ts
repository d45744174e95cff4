// The one way the web app talks to the API: every non-OK answer becomes an ApiRequestError
// carrying the server's `{error, message}`, so screens show one kind of error.
import type { z } from 'zod';
import { answerKey, FIRST_ANSWERS_ID, type ApiCall } from '../../common/first-requests';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** 4xx: the request itself was refused, so asking again gives the same answer. */
export const isRefusal = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

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
  return fitAnswer(status, data, schema);
}

/** A 2xx answer's data, when it fits the schema. */
function fitAnswer<T>(status: number, data: unknown, schema: z.ZodType<T> | null): T {
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

/**
 * The page's first answers are fresh while the page is new; past this, a screen opened later asks
 * the network even for a request the page had answered (and not yet used).
 */
const FIRST_ANSWERS_FRESH_MS = 30_000;
let firstAnswers: Map<string, unknown> | undefined;

/**
 * The answer the server put in the page for this request (see src/common/first-requests.ts), once:
 * asking again (a refetch, a later visit to the screen) goes to the network.
 */
function takeFirstAnswer(call: ApiCall): unknown {
  if (!firstAnswers) {
    const script = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ID);
    let answers: Record<string, unknown> = {};
    try {
      answers = script?.textContent ? (JSON.parse(script.textContent) as Record<string, unknown>) : {};
    } catch {
      // A damaged script only means asking the network.
    }
    firstAnswers = new Map(Object.entries(answers));
  }
  if (firstAnswers.size === 0 || performance.now() > FIRST_ANSWERS_FRESH_MS) return undefined;
  const key = answerKey(call);
  const answer = firstAnswers.get(key);
  firstAnswers.delete(key);
  return answer;
}

/** Forgets the page's first answers (tests start each page anew). */
export function resetFirstAnswers(): void {
  firstAnswers = undefined;
}

export async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T> | null,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  if (method === 'GET' || method === 'POST') {
    const answer = takeFirstAnswer({ method, path, body: options.body });
    if (answer !== undefined) return fitAnswer(200, answer, schema);
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal });
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
