// `npm run dev`: the server under `tsx watch` (restarted on every saved server file) on PORT, and
// Vite's dev server with hot reload on VITE_PORT (5173), which passes /api and /upload to the server
// (vite.config.ts). Ctrl-C or SIGTERM stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');

const server = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/start.ts'],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
const vite = await createServer({
  configFile: path.join(ROOT, 'vite.config.ts'),
  root: path.join(ROOT, 'src/web'),
  server: { port: Number(process.env.VITE_PORT ?? 5173) },
});
await vite.listen();
vite.printUrls();

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  void vite
    .close()
    .finally(() =>
      server.exitCode === null && server.signalCode === null
        ? server.once('exit', () => process.exit(code))
        : process.exit(code),
    );
}
// Vite's own SIGTERM (and stdin end) handler would exit this process as soon as Vite is closed,
// before the server under tsx has drained: this script stops both, then exits.
process.removeAllListeners('SIGTERM');
process.stdin.removeAllListeners('end');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// The server child ending by itself (a start-up error tsx watch does not survive) ends the dev session too.
server.on('exit', (code) => stop(code ?? 1));
