// The OCR worker (`npm run worker`, src/server/worker.ts) as a child process, so tests can kill it
// (SIGKILL) the way a crash or an orchestrator would. Started with node and tsx directly rather than
// through npm, so the signal reaches the worker itself and not an npm process in front of it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ChildWorker {
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
}

/** Starts a worker with `env` (REDIS_URL, OCR_QUEUE, DATA_DIR or DATABASE_URL) and waits until it reads the queue. */
export async function startChildWorker(env: Record<string, string>, readyTimeoutMs = 60_000): Promise<ChildWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let onOutput = () => {};
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (d: Buffer) => {
      out += d.toString();
      onOutput();
    });
  }
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const worker = { child, exited, output: () => out };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the OCR worker did not start in time:\n${out}`));
    }, readyTimeoutMs);
    onOutput = () => {
      if (!out.includes('OCR worker ready')) return;
      clearTimeout(timer);
      resolve();
    };
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the OCR worker exited during start:\n${out}`));
    });
  });
  return worker;
}
