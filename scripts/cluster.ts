// `npm run cluster`: Deckhub as several instances, on this machine's loopback. It starts an S3
// server (s3rver, standing in for MinIO or AWS S3) with a bucket for the images, two web instances
// and one OCR worker (src/server/worker.ts, what `npm run worker` runs), all sharing the PostgreSQL
// database (DATABASE_URL) and the Redis (REDIS_URL: rate limits, deck evictions, the OCR queue) you
// give it. Ctrl-C stops them all. The reliability test test/reliability/cluster.test.ts drives the
// same code through startCluster().
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckhub REDIS_URL=redis://127.0.0.1:6379 npm run cluster
//
// In production each process runs on its own machine or container, with the same variables.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startS3Server, type TestS3Server } from '../test/support/s3-server';

const ROOT = path.resolve(import.meta.dirname, '..');

/** One child process of the cluster, in a process group of its own: a signal reaches `npm` and the node under it alike. */
export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code, or the signal's name, when the process ends. */
  exited: Promise<number | string>;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

export interface WebInstance extends ClusterProcess {
  baseUrl: string;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** The two web instances' ports. */
  ports: [number, number];
  /**
   * Seed the demo data into an empty database: the first instance does it, before the others start.
   * Without it every process starts at once (the migrations take a lock; nothing else races).
   */
  seedDemo?: boolean;
  /** The OCR job queue's name in Redis (the variable OCR_QUEUE): a cluster of its own beside others on one Redis. */
  ocrQueue?: string;
  logLevel?: string;
  /** Print every process's output, each line after its name. */
  echo?: boolean;
  /** More variables for every process. */
  env?: Record<string, string>;
}

export interface Cluster {
  web: [WebInstance, WebInstance];
  /** The OCR worker started with the cluster. */
  worker: ClusterProcess;
  s3: { endpoint: string; bucket: string };
  /** Starts one more OCR worker and waits until it takes jobs. */
  startWorker(): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

function launch(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  echo: boolean,
): ClusterProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const collect = (data: Buffer) => {
    out += data.toString();
    if (echo) process.stdout.write(data.toString().replace(/^(?=.)/gm, `[${name}] `));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let done = false;
  void exited.then(() => (done = true));
  return {
    name,
    child,
    exited,
    output: () => out,
    kill(signal) {
      if (done || child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    },
  };
}

async function waitFor(what: ClusterProcess, isReady: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  let exited = false;
  void what.exited.then(() => (exited = true));
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (exited) throw new Error(`${what.name} exited during start:\n${what.output()}`);
    if (await isReady().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  what.kill('SIGKILL');
  throw new Error(`${what.name} did not start in time:\n${what.output()}`);
}

/**
 * The web app is built once here (by scripts/build.mjs, a production build whatever NODE_ENV this
 * process has), so instances starting together do not each build it into one folder.
 */
function buildWebAppOnce(): void {
  if (fs.existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) return;
  const { status } = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (status !== 0) throw new Error('the build (scripts/build.mjs) failed');
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const echo = options.echo ?? false;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-cluster-'));
  const processes: ClusterProcess[] = [];
  let s3: TestS3Server | undefined;

  const stop = async () => {
    for (const p of processes) p.kill('SIGTERM');
    await Promise.all(
      processes.map((p) =>
        Promise.race([p.exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]).then(() =>
          p.kill('SIGKILL'),
        ),
      ),
    );
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    s3 = await startS3Server();
    const bucket = await s3.newBucket();
    buildWebAppOnce();
    // Everything the processes share: the database, Redis (rate limits, deck evictions, the OCR
    // queue) and the image bucket. DATA_DIR holds nothing shared once both of the others are set.
    const shared: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      ...s3.env(bucket),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...(options.ocrQueue ? { OCR_QUEUE: options.ocrQueue } : {}),
      ...options.env,
    };

    const startWeb = async (name: string, port: number, seedDemo: boolean): Promise<WebInstance> => {
      const web = {
        ...launch(
          name,
          process.execPath,
          ['--import', 'tsx', 'src/server/start.ts'],
          { ...shared, PORT: String(port), SEED_DEMO: seedDemo ? '1' : '0' },
          echo,
        ),
        baseUrl: `http://127.0.0.1:${port}`,
      };
      processes.push(web);
      await waitFor(web, async () => (await fetch(`${web.baseUrl}/api/cards/`)).ok);
      return web;
    };
    let workers = 0;
    const startWorker = async (): Promise<ClusterProcess> => {
      // The worker says when it takes jobs, at the info level. It runs under tsx as the web
      // instances do: `npm run worker` builds dist/ first when a source is newer than it, which
      // empties dist/web while the web instances serve it.
      const worker = launch(
        `worker ${++workers}`,
        process.execPath,
        ['--import', 'tsx', 'src/server/worker.ts'],
        { ...shared, LOG_LEVEL: 'info' },
        echo,
      );
      processes.push(worker);
      await waitFor(worker, async () => /OCR worker ready/.test(worker.output()));
      return worker;
    };

    // Seeding, the first instance fills the empty database alone; the others start on what it made.
    const seedDemo = options.seedDemo ?? true;
    const first = seedDemo ? await startWeb('web A', options.ports[0], true) : null;
    const [a, b, worker] = await Promise.all([
      first ?? startWeb('web A', options.ports[0], false),
      startWeb('web B', options.ports[1], false),
      startWorker(),
    ]);
    return { web: [a, b], worker, s3: { endpoint: s3.endpoint, bucket: bucket.bucket }, startWorker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ports: { type: 'string', default: '3001,3002' } } });
  const ports = values.ports.split(',').map(Number);
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL || ports.length !== 2 || ports.some((p) => !Number.isInteger(p))) {
    console.error('Usage: DATABASE_URL=postgres://... REDIS_URL=redis://... npm run cluster [-- --ports 3001,3002]');
    process.exit(1);
  }
  const cluster = await startCluster({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    ports: [ports[0], ports[1]],
    echo: true,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
  });
  console.log(
    [
      'Deckhub is running as several instances on loopback:',
      `  S3 server   ${cluster.s3.endpoint}  bucket ${cluster.s3.bucket}`,
      `  web A       ${cluster.web[0].baseUrl}`,
      `  web B       ${cluster.web[1].baseUrl}`,
      `  OCR worker  npm run worker (process group ${cluster.worker.child.pid})`,
      'Ctrl-C stops them all.',
    ].join('\n'),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cluster.stop().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
