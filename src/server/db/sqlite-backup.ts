// A consistent copy of the SQLite file while the server keeps writing to it: SQLite's online backup
// API copies the pages and starts over if a write changes a page already copied, so the copy is the
// database as of one moment, never a mix. Copying the file (and its -wal) with cp is not.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sqliteDriverName, type SqliteDriverName } from './sqlite-driver';

/** The part of node:sqlite a backup needs (Node 24: see sqlite-driver.ts for why it serves there). */
interface NodeSqliteBackup {
  DatabaseSync: new (file: string) => { close(): void };
  backup(source: unknown, destination: string): Promise<number>;
}

/**
 * Copies `source` into `target` (a new file; an existing one is replaced only once the copy is
 * complete, so a failed backup never leaves a half-written file under the target's name).
 */
export async function backupSqlite(
  source: string,
  target: string,
  driver: SqliteDriverName = sqliteDriverName(),
): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`There is no SQLite database at ${source} (DATA_DIR).`);
  if (path.resolve(source) === path.resolve(target))
    throw new Error('The backup must go to another file than the database itself.');
  const partial = path.join(path.dirname(path.resolve(target)), `.${path.basename(target)}.${process.pid}.partial`);
  fs.rmSync(partial, { force: true });
  try {
    if (driver === 'better-sqlite3') {
      const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
      const database = new BetterSqlite(source, { fileMustExist: true });
      try {
        await database.backup(partial);
      } finally {
        database.close();
      }
    } else {
      const sqlite = process.getBuiltinModule('node:sqlite') as NodeSqliteBackup;
      const database = new sqlite.DatabaseSync(source);
      try {
        await sqlite.backup(database, partial);
      } finally {
        database.close();
      }
    }
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
