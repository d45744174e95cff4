import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { UNHANDLED_REJECTION_MESSAGE } from './unhandled-rejections';

// In a process of its own: Vitest watches for unhandled rejections in its own workers.
test('an unhandled rejection is logged with its stack and the process keeps running', () => {
  const script = `
    import { logUnhandledRejections } from ${JSON.stringify(path.join(import.meta.dirname, 'unhandled-rejections.ts'))};
    logUnhandledRejections(({ err }, message) => console.error(message, err.stack));
    Promise.reject(new Error('count failed'));
    setTimeout(() => { console.log('still serving'); }, 100);
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.stderr).toContain(UNHANDLED_REJECTION_MESSAGE);
  expect(run.stderr).toContain('Error: count failed');
  expect(run.stderr).toMatch(/\n\s+at /);
  expect(run.stdout).toContain('still serving');
  expect(run.status).toBe(0);
});
