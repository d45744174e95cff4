// A production server warns, at every start, about demo accounts that still sign in with the
// password README publishes: anyone could sign in as them (the Innkeeper curates the home page).
import type { Db } from '../db/connect';
import { verifyPassword } from '../accounts/passwords';
import { DEMO_PASSWORD } from './seed-demo';

/** The demo accounts' addresses (seed-demo.ts): `{username}@demo.deckhub.local`. */
const DEMO_EMAIL_SUFFIX = '@demo.deckhub.local';

/** The demo accounts whose password is still the published one. */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const accounts = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where('email', 'like', `%${DEMO_EMAIL_SUFFIX}`)
    .where('password_hash', 'is not', null)
    .orderBy('username')
    .execute();
  const exposed: string[] = [];
  for (const account of accounts)
    if (await verifyPassword(account.password_hash!, DEMO_PASSWORD)) exposed.push(account.username);
  return exposed;
}

export async function warnOfPublishedPasswords(db: Db, log: { warn(message: string): void }): Promise<void> {
  const exposed = await demoAccountsWithPublishedPassword(db);
  if (exposed.length === 0) return;
  log.warn(
    `${exposed.length} demo account${exposed.length > 1 ? 's' : ''} (${exposed.join(', ')}) still sign${exposed.length > 1 ? '' : 's'} in with the password README publishes: ` +
      'anyone can use them. Change their passwords (password reset) or delete them',
  );
}
