// The production build, as a user runs it: `npm start` in a copy of the project (so the test never
// touches the repository's dist/), which builds when there is no build or a source is newer than it,
// then serves compiled JavaScript with node; SIGTERM stops everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/child-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const PROJECT_FILES = [
  'src',
  'scripts',
  'catalog',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite.server.config.ts',
];

let project: string;
let dataDir: string;

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-build-'));
  for (const file of PROJECT_FILES) fs.cpSync(path.join(repoRoot, file), path.join(project, file), { recursive: true });
  fs.symlinkSync(fs.realpathSync(path.join(repoRoot, 'node_modules')), path.join(project, 'node_modules'));
  dataDir = path.join(project, 'data');
});

afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | string>;
  output(): string;
}

async function start(command: string, args: string[]): Promise<Started> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: project,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  // Listening is logged once the server serves; no polling interval to guess.
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Server listening at')) resolve();
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${out}`)));
  });
  return { child, baseUrl, exited, output: () => out };
}

/** The status of GET `url`, its body read to the end (a body left unread holds the connection open, so the drain would wait for it). */
async function statusOf(url: string): Promise<number> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

async function stopsOnSigterm(server: Started): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  // Nothing it started serves any more: the port refuses connections.
  await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
}

/** Polls until `url` answers 200 (the dev server logs nothing we could wait on reliably for both processes). */
async function answers(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('production build', () => {
  test('npm start builds when there is no build, serves the compiled site and API, and stops on SIGTERM', async () => {
    const server = await start('npm', ['start']);
    expect(server.output()).toContain('Building the site (no build yet)');
    expect(fs.existsSync(path.join(project, 'dist/server/start.js'))).toBe(true);
    // React's production build, though this test's process (and so npm start's) has Vitest's
    // NODE_ENV=test: the development build's JSX calls are jsxDEV.
    const assets = path.join(project, 'dist/web/assets');
    const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.filter((file) => fs.readFileSync(path.join(assets, file), 'utf8').includes('jsxDEV'))).toEqual([]);
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(await statusOf(`${server.baseUrl}/api/cards/`)).toBe(200);
    await stopsOnSigterm(server);
  }, 180_000);

  test('node dist/server/start.js runs without tsx: no build step, site and API answer, SIGTERM ends it', async () => {
    const server = await start(process.execPath, ['dist/server/start.js']);
    expect(server.output()).not.toContain('Building');
    expect(await statusOf(`${server.baseUrl}/`)).toBe(200);
    expect(await statusOf(`${server.baseUrl}/api/cards/`)).toBe(200);
    // A search runs on a SQLite read thread, whose entry the build must carry beside start.js.
    const search = await fetch(`${server.baseUrl}/api/decks/search-decks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sortBy: 'score' }),
    });
    await search.arrayBuffer();
    expect(search.status).toBe(200);
    await stopsOnSigterm(server);
  }, 120_000);

  test('npm start uses an up-to-date build as it is, and builds again when a source is newer than it', async () => {
    const upToDate = await start('npm', ['start']);
    expect(upToDate.output()).not.toContain('Building');
    await stopsOnSigterm(upToDate);

    const stamp = fs.statSync(path.join(project, 'dist/.build-stamp')).mtime;
    const later = new Date(stamp.getTime() + 2_000);
    fs.utimesSync(path.join(project, 'src/common/messages.ts'), later, later);
    const rebuilt = await start('npm', ['start']);
    expect(rebuilt.output()).toContain('Building the site (the sources changed since the last build)');
    expect(fs.statSync(path.join(project, 'dist/.build-stamp')).mtime.getTime()).toBeGreaterThan(stamp.getTime());
    await stopsOnSigterm(rebuilt);
  }, 240_000);

  test('npm run dev serves the web app through Vite with hot reload, the API through the watched server, and stops both on SIGTERM', async () => {
    const [port, vitePort] = [await freePort(), await freePort()];
    const child = spawn('npm', ['run', 'dev'], {
      cwd: project,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        VITE_PORT: String(vitePort),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        DATABASE_URL: '',
        REDIS_URL: '',
        NODE_OPTIONS: '',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | string>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    try {
      const page = await answers(`http://localhost:${vitePort}/`, 90_000);
      expect(await page.text()).toContain('/@vite/client');
      // Through Vite's proxy to the server under tsx watch.
      expect((await answers(`http://localhost:${vitePort}/api/cards/`, 90_000)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await expect(fetch(`http://localhost:${vitePort}/`)).rejects.toThrow();
  }, 180_000);
});
