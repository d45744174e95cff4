// Idle reader threads must not keep the process alive: a script or bench that closes its server
// ends by itself.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const READER_THREAD = pathToFileURL(path.resolve(import.meta.dirname, 'reader-thread.ts')).href;

test('a process whose reader threads are idle ends by itself', async () => {
  // Loading the module starts the threads; the script then has nothing left to do. (A script file:
  // `node -e` ends its process whatever is still referenced.)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-reader-thread-'));
  const script = path.join(dir, 'load-reader.mjs');
  fs.writeFileSync(script, `await import(${JSON.stringify(READER_THREAD)});\nconsole.log('loaded');\n`);
  try {
    const result = await new Promise<{ code: number | null; killed: boolean; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', script], { timeout: 20_000 }, (_error, stdout) =>
        resolve({ code: child.exitCode, killed: child.killed, stdout }),
      );
    });
    expect(result.stdout).toContain('loaded');
    expect(result.killed).toBe(false);
    expect(result.code).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
