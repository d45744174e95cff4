// The real server (`tsx src/server/start.ts`) as a child process with its own DATA_DIR and port,
// so tests can kill it (SIGKILL, SIGTERM) the way an orchestrator or a crash would.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ChildServer {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
}

export async function startChildServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline) {
    if (done) throw new Error(`the server exited during start:\n${out}`);
    try {
      // The health check, its body read: an answer left unread holds its connection open, and a
      // SIGTERM test would then wait for it the whole drain limit.
      const health = await fetch(`${baseUrl}/healthz`);
      await health.arrayBuffer();
      if (health.ok) return { baseUrl, child, exited, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start in time:\n${out}`);
}
