// `npm run db:backup -- FILE`: a consistent copy of DATA_DIR's SQLite database in FILE, safe while
// the server runs (sqlite-backup.ts). PostgreSQL is backed up with its own pg_dump (README).
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { backupSqlite } from './sqlite-backup';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: npm run db:backup -- FILE   (a copy of DATA_DIR/deckhub.sqlite, made while the server runs)');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g. pg_dump --format=custom --file=deckhub.dump "$DATABASE_URL" (README, "Backups").',
    );
    process.exit(2);
  }
  const source = path.join(config.dataDir, 'deckhub.sqlite');
  const started = performance.now();
  await backupSqlite(source, target);
  console.log(`Backed up ${source} to ${path.resolve(target)} in ${Math.round(performance.now() - started)} ms.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
