import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, createSession, deleteSession } from './sessions';
import { setSessionCookie } from './session-plugin';

/**
 * Signs the user in on this browser: a fresh session and its cookie. A session the browser already
 * had is ended first, so a token planted before sign-in never becomes a signed-in one.
 */
export async function startSession(request: FastifyRequest, res: FastifyReply, userId: string): Promise<void> {
  const db = request.server.db;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
  const { token, expiresAt } = await createSession(db, userId);
  setSessionCookie(request, res, token, expiresAt);
}
