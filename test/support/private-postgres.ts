// A throwaway PostgreSQL cluster of this test's own, on its own port, that the test may stop and
// start at will: the machine's shared cluster serves every other test and must never be stopped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = fs.existsSync(root) ? fs.readdirSync(root).sort().pop() : undefined;
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return path.join(root, version, 'bin');
}

/** Runs a PostgreSQL binary as the postgres OS user (initdb refuses to run as root). */
function asPostgres(binary: string, args: string[]): void {
  const command = [path.join(binDir(), binary), ...args];
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command[0], asRoot ? ['-u', 'postgres', '--', ...command] : command.slice(1), {
    stdio: 'pipe',
    timeout: 60_000,
  });
}

export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const ctl = (action: 'start' | 'stop') =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '30',
      ...(action === 'start'
        ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]
        : ['-m', 'fast']),
      action,
    ]);
  ctl('start');
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      ctl('stop');
      running = false;
    },
    start() {
      ctl('start');
      running = true;
    },
    destroy() {
      if (running) ctl('stop');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function privatePostgresAvailable(): boolean {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}
