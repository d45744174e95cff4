// The static checks of `npm test`, the package's own `typecheck` and `lint` scripts, run side by
// side: each uses about one core, so on a two-core machine they finish together in little more
// than the slower alone instead of one after the other. Each script's output is printed whole when
// it ends, so the two never interleave; the exit code is the first failing script's.
import { spawn } from 'node:child_process';

const SCRIPTS = ['typecheck', 'lint'];

/** Runs one npm script to its end and prints its output whole; resolves to its exit code. */
async function run(script) {
  const started = Date.now();
  const { code, output } = await new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${text}${error.message}\n` }));
    child.on('close', (exitCode) => resolve({ code: exitCode ?? 1, output: text }));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
  if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
  process.stdout.write(`${script}: ${verdict} in ${seconds} s\n`);
  return code;
}

const codes = await Promise.all(SCRIPTS.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
