// `npm start` (and `npm run worker`, with the argument `worker`): builds when the build is missing or
// older than the sources, then runs the compiled server (or OCR worker) in this same process. No
// child process serves: Ctrl-C and SIGTERM reach the server's own handlers (drain, then exit), and
// nothing is left running when this process ends.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleReason } from './build.mjs';

const reason = staleReason();
if (reason) {
  console.log(`Building the site (${reason})…`);
  const started = performance.now();
  // The build runs in a process of its own and is over before the server starts: the bundler's
  // threads and handles left in this process kept the server's drain from finishing on Node 24
  // (SIGTERM then waited the whole 25 s drain limit and exited 1).
  const { status } = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const entry = process.argv[2] === 'worker' ? 'worker' : 'start';
await import(pathToFileURL(path.join(ROOT, 'dist/server', `${entry}.js`)).href);
