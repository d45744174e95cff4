import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';

/** An error whose message is meant for the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You need to sign in first.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);

/** Connection failures of either database driver: the database is down, not the request wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' || // admin_shutdown
    code === '57P03' || // cannot_connect_now
    code === 'SQLITE_BUSY' ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(String((error as Error).message))
  );
}

/**
 * PostgreSQL data exceptions a client's value can cause past validation: a NUL character (which
 * PostgreSQL text cannot hold, while SQLite can), or a number or text too large for its column.
 */
const POSTGRES_BAD_VALUE = new Set(['22021', '22P05', '22001', '22003', '22P02']);

function isBadValueForDatabase(error: unknown): boolean {
  const { code, severity } = error as { code?: string; severity?: string };
  return typeof code === 'string' && typeof severity === 'string' && POSTGRES_BAD_VALUE.has(code);
}

const reply = (status: number, message: string) => ({ error: STATUS_CODES[status] ?? 'Error', message });

/** Fastify's own 4xx errors whose message is not one for people, by code, with what to say instead. */
const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
};

const SERVER_FAULT = 'Something went wrong on our side.';

/** Every failure leaves as JSON `{error, message}` with the right status; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, res) => {
    const send = (status: number, message: string) => res.status(status).send(reply(status, message));
    if (error instanceof HttpError) return send(error.statusCode, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = (issue?.instancePath ?? '').split('/').filter(Boolean).join('.');
      const where = [error.validationContext ?? 'request', field].filter(Boolean).join(' ');
      return send(400, `Invalid ${where}: ${issue?.message ?? 'bad value'}`);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'answer did not match its schema');
      return send(500, SERVER_FAULT);
    }
    if (isBadValueForDatabase(error)) {
      request.log.warn({ err: error }, 'a value the database cannot store');
      return send(
        400,
        'The request contains a value that is not allowed (such as a NUL character or a number too large).',
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(503, 'The service is temporarily unavailable. Please try again shortly.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, CLIENT_MESSAGES[error.code] ?? error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, SERVER_FAULT);
  });
}
