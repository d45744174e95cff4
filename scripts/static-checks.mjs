// The static checks of `npm test` (types, lint, formatting), run side by side: each of the three
// uses one core, so on a two-core machine they finish together in little more than the slowest
// alone instead of one after another. Each check's output is printed whole when it ends, so the
// three never interleave; the exit code is the first failing check's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// The project's own tools, also when this is run with node rather than through npm.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };

const CHECKS = [
  ['types', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'eslint', ['.']],
  ['formatting', 'prettier', ['--check', '.']],
];

/** Runs one check to its end and prints its output whole; resolves to its exit code. */
async function run([name, command, args]) {
  const started = Date.now();
  const { code, output } = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${text}${error.message}\n` }));
    child.on('close', (exitCode) => resolve({ code: exitCode ?? 1, output: text }));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
  if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
  process.stdout.write(`${name}: ${verdict} in ${seconds} s\n`);
  return code;
}

const codes = await Promise.all(CHECKS.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
