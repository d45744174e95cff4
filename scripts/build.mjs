// `npm run build`: the web app (vite.config.ts → dist/web) and the server (vite.server.config.ts →
// dist/server), then the stamp `npm start` compares with the sources (scripts/start.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const STAMP = path.join(ROOT, 'dist', '.build-stamp');

/** What the build is made from: a change to any of these makes the build out of date. */
const SOURCE_DIRS = ['src'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'vite.server.config.ts'];
/** Tests live beside the code but are not built. */
const NOT_BUILT = /\.test\.tsx?$|(^|\/)test\//;

function newestIn(dir, relative = '') {
  let newest = 0;
  for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
    const name = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(dir, name));
    else if (!NOT_BUILT.test(name)) newest = Math.max(newest, fs.statSync(path.join(dir, name)).mtimeMs);
  }
  return newest;
}

/** The newest modification time (ms) among the sources of the build. */
export function newestSource() {
  const files = SOURCE_FILES.map((file) => path.join(ROOT, file)).filter((file) => fs.existsSync(file));
  return Math.max(
    ...SOURCE_DIRS.map((dir) => newestIn(path.join(ROOT, dir))),
    ...files.map((file) => fs.statSync(file).mtimeMs),
  );
}

/** Why the build must be made again, or null when it is up to date. */
export function staleReason() {
  const outputs = ['dist/server/start.js', 'dist/server/worker.js', 'dist/web/index.html'];
  if (!fs.existsSync(STAMP) || outputs.some((file) => !fs.existsSync(path.join(ROOT, file)))) return 'no build yet';
  return newestSource() > fs.statSync(STAMP).mtimeMs ? 'the sources changed since the last build' : null;
}

export async function build() {
  // The stamp carries the time the build began: a source saved during the build is newer than it.
  const began = new Date();
  const { build: viteBuild } = await import('vite');
  fs.rmSync(STAMP, { force: true });
  await viteBuild({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: path.join(ROOT, 'src/web'),
    logLevel: 'warn',
  });
  await viteBuild({ configFile: path.join(ROOT, 'vite.server.config.ts'), logLevel: 'warn' });
  fs.writeFileSync(STAMP, `${began.toISOString()}\n`);
  fs.utimesSync(STAMP, began, began);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // What is built is what production runs. A NODE_ENV inherited from the caller made Vite bundle
  // React's development build into the dist/ that npm start serves: Vitest sets 'test' for every
  // process a test starts, and the cluster test's `npm run worker` built the repository's dist/ so.
  process.env.NODE_ENV = 'production';
  const started = performance.now();
  await build();
  console.log(`Built dist/web and dist/server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
