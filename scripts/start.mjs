// `npm start` (and `npm run worker`, with the argument `worker`): builds when the build is missing or
// older than the sources, then runs the compiled server (or OCR worker) in this same process. No child process: Ctrl-C and SIGTERM reach the server's own handlers
// (drain, then exit), and nothing is left running when this process ends.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, build, staleReason } from './build.mjs';

const reason = staleReason();
if (reason) {
  console.log(`Building the site (${reason})…`);
  const started = performance.now();
  await build();
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const entry = process.argv[2] === 'worker' ? 'worker' : 'start';
await import(pathToFileURL(path.join(ROOT, 'dist/server', `${entry}.js`)).href);
