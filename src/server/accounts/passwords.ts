import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id is the library's default algorithm; these are OWASP's minimum recommended costs.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password nobody knows, made once (same algorithm and costs as every stored hash). */
let dummyHash: Promise<string> | undefined;

/**
 * Does the work of checking a password where there is no hash to check it against (an unknown
 * username, an account without a password), so such an answer takes as long as a wrong password and
 * its timing does not tell which usernames exist. Always false.
 */
export async function verifyAgainstNoAccount(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
