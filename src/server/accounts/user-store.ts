// Reading and writing user rows. Usernames and addresses are looked up by their identifier key
// (common/identifiers.ts): the lower-cased canonical form, in username_lower and email. Every query
// runs on SQLite and PostgreSQL alike.
import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import { conflict } from '../http/errors';
import { MESSAGES } from '../../common/messages';
import { identifierKey } from '../../common/identifiers';

export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  password_hash: string | null;
  /** Null until the owner proved the address is theirs. */
  email_verified_at: string | null;
  /** Null until the sign-in provider may open the account (migrations/0013-provider-links.ts). */
  provider_linked_at: string | null;
}

const COLUMNS = ['id', 'username', 'email', 'password_hash', 'email_verified_at', 'provider_linked_at'] as const;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const key = identifierKey(username);
  if (key === null) return undefined;
  return db.selectFrom('users').select(COLUMNS).where('username_lower', '=', key).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const key = identifierKey(email);
  if (key === null) return undefined;
  return db.selectFrom('users').select(COLUMNS).where('email', '=', key).executeTakeFirst();
}

/** Every user, oldest first, without e-mail addresses or hashes. */
export function listUsernames(db: Db): Promise<{ username: string }[]> {
  return db.selectFrom('users').select('username').orderBy('created_at').orderBy('id').execute();
}

/** Throws the 409 of registration when the e-mail or the username is taken (e-mail checked first). */
export async function assertAvailable(db: Db, email: string, username: string): Promise<void> {
  if (await findUserByEmail(db, email)) throw conflict(MESSAGES.registration.emailInUse);
  if (await findUserByUsername(db, username)) throw conflict(MESSAGES.registration.usernameInUse);
}

/** Both drivers' "unique constraint violated" codes. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function keyOf(text: string): string {
  const key = identifierKey(text);
  // The request schemas refuse such text before it gets here; this guards other callers (seeding, imports).
  if (key === null) throw new Error(`not a canonical username or address: ${JSON.stringify(text)}`);
  return key;
}

/**
 * Creates a user after checking the e-mail and username are free. The unique indexes settle a
 * race between two sign-ups for the same name: the loser gets the same 409 as a plain repeat.
 * `viaProvider`: made through the sign-in provider, which vouched for the address: verified and linked.
 */
export async function insertUser(
  db: Db,
  user: { username: string; email: string; passwordHash: string | null; viaProvider?: boolean },
): Promise<UserRow> {
  await assertAvailable(db, user.email, user.username);
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    username: user.username.trim(),
    email: keyOf(user.email),
    password_hash: user.passwordHash,
    email_verified_at: user.viaProvider ? now : null,
    provider_linked_at: user.viaProvider ? now : null,
  };
  try {
    await db
      .insertInto('users')
      .values({ ...row, username_lower: keyOf(user.username), created_at: now })
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

/** Records that the owner proved `email` is theirs; does nothing when the account's address is another by now. */
export async function markEmailVerified(db: Db, userId: string, email: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives the account the address it proved from a mailed link (account settings). False when
 * another account took the address meanwhile (the unique index settles a race).
 */
export async function changeEmail(db: Db, userId: string, email: string, now = new Date()): Promise<boolean> {
  try {
    const result = await db
      .updateTable('users')
      .set({ email: keyOf(email), email_verified_at: now.toISOString() })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Lets the sign-in provider open the account from now on, after its password was entered in a
 * provider sign-in with `email`, which the provider vouched for: the address counts as proven too.
 * False when the account's address is another by now.
 */
export async function linkProvider(db: Db, userId: string, email: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('users')
    .set((eb) => ({ provider_linked_at: at, email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)) }))
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the account a role ('moderator') or takes it away (null); false when there is no such user. */
export async function setUserRole(db: Db, username: string, role: string | null): Promise<boolean> {
  const key = identifierKey(username);
  if (key === null) return false;
  const result = await db.updateTable('users').set({ role }).where('username_lower', '=', key).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
