// `npm run db:backup -- FILE` while a server runs and a writer keeps committing, then the restore
// README describes: the copy as DATA_DIR/deckhub.sqlite of a new folder, a server started on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDb } from '../../src/server/db/connect';
import { openSqlite } from '../../src/server/db/sqlite-driver';
import { insertUser } from '../../src/server/accounts/user-store';
import { freePort, startChildServer, type ChildServer } from '../support/child-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Users are written in transactions of this many: a consistent copy holds whole transactions only. */
const BATCH = 5;

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const usernames = (file: string): string[] => {
  const sqlite = openSqlite(file);
  try {
    expect(sqlite.prepare('pragma integrity_check').all([])).toEqual([{ integrity_check: 'ok' }]);
    return (
      sqlite.prepare("select username from users where username like 'backup%' order by username").all([]) as {
        username: string;
      }[]
    ).map((row) => row.username);
  } finally {
    sqlite.close();
  }
};

describe('npm run db:backup', () => {
  const folders: string[] = [];
  const servers: ChildServer[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-backup-'));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('copies the database consistently while a server runs and writes go on; the copy restores into a new DATA_DIR', async () => {
    const dataDir = folder();
    const server = await startChildServer({ dataDir, port: await freePort(), env: { SEED_DEMO: '0' } });
    servers.push(server);

    // A second writer on the server's file, committing batches until the backup is done.
    const handle = openDb({ sqliteFile: path.join(dataDir, 'deckhub.sqlite') });
    await migrateToLatest(handle.db);
    let written = 0;
    let backingUp = true;
    const writeBatch = () =>
      handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < BATCH; i++, written++) {
          const name = `backup${String(written).padStart(6, '0')}`;
          await insertUser(trx, { username: name, email: `${name}@example.test`, passwordHash: null });
        }
      });
    for (let i = 0; i < 20; i++) await writeBatch();
    const writer = (async () => {
      while (backingUp) {
        await writeBatch();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const target = path.join(folder(), 'deckhub-backup.sqlite');
    const writtenBefore = written;
    const backup = await run('npm', ['run', '--silent', 'db:backup', '--', target], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    backingUp = false;
    await writer;
    await handle.close();
    expect(backup.output).toContain(`to ${target}`);
    expect(backup.code).toBe(0);

    const copied = usernames(target);
    expect(copied.length).toBeGreaterThanOrEqual(writtenBefore);
    expect(copied.length).toBeLessThanOrEqual(written);
    expect(copied.length % BATCH).toBe(0);
    expect(copied).toEqual(Array.from({ length: copied.length }, (_, i) => `backup${String(i).padStart(6, '0')}`));
    console.info(`db:backup copied ${copied.length} of ${written} users (${writtenBefore} before it started)`);

    // Restore: the copy is the database file of a new DATA_DIR.
    const restored = folder();
    fs.copyFileSync(target, path.join(restored, 'deckhub.sqlite'));
    const second = await startChildServer({ dataDir: restored, port: await freePort(), env: { SEED_DEMO: '0' } });
    servers.push(second);
    const last = copied[copied.length - 1];
    const found = await fetch(`${second.baseUrl}/api/users/username/${last}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ username: last });
  }, 180_000);

  test('says how to back up PostgreSQL when DATABASE_URL is set, and refuses a missing database', async () => {
    const pg = await run('npm', ['run', '--silent', 'db:backup', '--', path.join(folder(), 'x.sqlite')], {
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/deckhub',
    });
    expect(pg.code).toBe(2);
    expect(pg.output).toContain('pg_dump --format=custom');
    const missing = await run('npm', ['run', '--silent', 'db:backup', '--', path.join(folder(), 'x.sqlite')], {
      DATA_DIR: folder(),
      DATABASE_URL: '',
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('There is no SQLite database at');
  }, 60_000);
});
