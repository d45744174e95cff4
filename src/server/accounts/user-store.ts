// Reading and writing user rows. Usernames match regardless of case (username_lower), e-mail
// addresses are stored lower-cased; every query runs on SQLite and PostgreSQL alike.
import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import { conflict } from '../http/errors';
import { MESSAGES } from '../../common/messages';

export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  password_hash: string | null;
}

const COLUMNS = ['id', 'username', 'email', 'password_hash'] as const;

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Every user, oldest first, without e-mail addresses or hashes. */
export function listUsernames(db: Db): Promise<{ username: string }[]> {
  return db.selectFrom('users').select('username').orderBy('created_at').orderBy('id').execute();
}

/** Throws a 409 with the registration text when the e-mail or the username is taken (e-mail checked first). */
export async function assertAvailable(db: Db, email: string, username: string): Promise<void> {
  if (await findUserByEmail(db, email)) throw conflict(MESSAGES.registration.emailInUse);
  if (await findUserByUsername(db, username)) throw conflict(MESSAGES.registration.usernameInUse);
}

/** Both drivers' "unique constraint violated" codes. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Creates a user after checking the e-mail and username are free. The unique indexes settle a
 * race between two sign-ups for the same name: the loser gets the same 409 as a plain repeat.
 */
export async function insertUser(db: Db, user: { username: string; email: string; passwordHash: string | null }): Promise<UserRow> {
  await assertAvailable(db, user.email, user.username);
  const row: UserRow = { id: newId(), username: user.username, email: user.email.toLowerCase(), password_hash: user.passwordHash };
  try {
    await db
      .insertInto('users')
      .values({ ...row, username_lower: user.username.toLowerCase(), created_at: nowIso() })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertAvailable(db, user.email, user.username);
    throw error;
  }
  return row;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
