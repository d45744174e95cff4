// Password-reset tokens: 32 random bytes, only their SHA-256 stored, valid one hour, used once.
import crypto from 'node:crypto';
import type { Db } from '../db/connect';
import { hashToken } from './sessions';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export async function createResetToken(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  // Old, expired tokens of anyone are dropped on the way: the table stays small.
  await db.deleteFrom('password_resets').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Whether the token is known, unused and unexpired (a read only: consumeResetToken still decides). */
export async function isResetTokenUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the token used and returns its user, or null when it is unknown, expired or already used.
 * The single conditional UPDATE is what makes it single-use even under two concurrent requests.
 */
export async function consumeResetToken(db: Db, token: string, now = new Date()): Promise<string | null> {
  const tokenHash = hashToken(token);
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function dropUnusedResetTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
