import crypto from 'node:crypto';
import type { Db } from '../db/connect';
import { nowIso } from '../db/ids';

/** The cookie that carries the session token. */
export const SESSION_COOKIE = 'deckhub_session';
/** A session lives 30 days after its last renewal. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Renew (slide) the expiry when less than this is left, so active users stay signed in. */
export const SESSION_RENEW_BELOW_MS = 15 * 24 * 3600 * 1000;

export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  /** Whether the owner proved the address (a mailed link, a reset, or a provider sign-up). */
  emailVerified: boolean;
  /** 'moderator', or null (migrations/0008-moderation.ts); src/server/policies.ts reads it. */
  role: string | null;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Starts a session for the user and returns the raw token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      created_at: nowIso(now),
    })
    .execute();
  return { token, expiresAt };
}

/** The signed-in user of a token, renewing the session when it is past half its life; null if unknown or expired. */
export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ user: SessionUser; renewedUntil?: Date } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_hash',
      'sessions.expires_at',
      'users.id',
      'users.username',
      'users.email',
      'users.email_verified_at',
      'users.role',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt <= now) {
    await db.deleteFrom('sessions').where('token_hash', '=', row.token_hash).execute();
    return null;
  }
  const user = {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    role: row.role,
  };
  if (expiresAt.getTime() - now.getTime() < SESSION_RENEW_BELOW_MS) {
    const renewedUntil = new Date(now.getTime() + SESSION_TTL_MS);
    await db
      .updateTable('sessions')
      .set({ expires_at: renewedUntil.toISOString() })
      .where('token_hash', '=', row.token_hash)
      .execute();
    return { user, renewedUntil };
  }
  return { user };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
