// `npm run users:role -- NAME moderator` makes an account a moderator; `... NAME none` makes it a
// plain user again. Works on the configured database (DATABASE_URL, else DATA_DIR's SQLite file).
import path from 'node:path';
import { loadConfig } from '../config';
import { migrateToLatest, openDb } from '../db/connect';
import { MODERATOR_ROLE } from '../policies';
import { setUserRole } from './user-store';

/** The roles the command gives; 'none' takes the role away. */
const ROLES: Record<string, string | null> = { [MODERATOR_ROLE]: MODERATOR_ROLE, none: null };

const [username, roleName] = process.argv.slice(2);
if (!username || !roleName || !(roleName in ROLES)) {
  console.error(`usage: npm run users:role -- USERNAME (${Object.keys(ROLES).join(' | ')})`);
  process.exit(2);
}
const config = loadConfig();
const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'deckhub.sqlite') });
try {
  await migrateToLatest(handle.db);
  if (!(await setUserRole(handle.db, username, ROLES[roleName]))) {
    console.error(`No user named ${JSON.stringify(username)}.`);
    process.exitCode = 1;
  } else {
    console.log(`${username} is now ${roleName === 'none' ? 'a plain user' : `a ${roleName}`}.`);
  }
} finally {
  await handle.close();
}
