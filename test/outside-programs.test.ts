// A suite whose outside program is missing is skipped with one line, or fails when the run requires it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { missingProgram, testPostgresUrl, testRedisUrl } from './support/outside-programs';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

afterEach(() => {
  vi.unstubAllEnvs();
});

test('a server given by URL is used; without one its tests are skipped with a line saying how to get it', () => {
  vi.stubEnv('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
  vi.stubEnv('TEST_POSTGRES_URL', '');
  vi.stubEnv('REQUIRE_POSTGRES', '');
  expect(missingProgram('redis')).toBeNull();
  expect(testRedisUrl()).toBe('redis://127.0.0.1:6379');
  expect(testPostgresUrl()).toBeUndefined();
  expect(missingProgram('postgres')).toBe(
    'PostgreSQL tests skipped (the database tests run on SQLite only): TEST_POSTGRES_URL is not set; start PostgreSQL (apt-get install postgresql) and set TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test',
  );
});

test('REQUIRE_POSTGRES=1 and REQUIRE_REDIS=1 turn a missing server into a failure', () => {
  vi.stubEnv('TEST_POSTGRES_URL', '');
  vi.stubEnv('TEST_REDIS_URL', '');
  vi.stubEnv('REQUIRE_POSTGRES', '1');
  vi.stubEnv('REQUIRE_REDIS', '1');
  expect(() => testPostgresUrl()).toThrow(/^REQUIRE_POSTGRES=1 and TEST_POSTGRES_URL is not set/);
  expect(() => testRedisUrl()).toThrow(/^REQUIRE_REDIS=1 and TEST_REDIS_URL is not set/);
});

describe('the browser suite without Chromium', () => {
  const env = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', REQUIRE_BROWSER: '' };
  const vitest = ['vitest', 'run', '--config', 'vitest.e2e.config.ts', 'e2e/web-home.e2e.ts'];

  test('is skipped: one line, exit code 0', { timeout: 60_000 }, async () => {
    const { stdout } = await run('npx', vitest, { cwd: ROOT, env });
    expect(stdout.split('\n').filter((line) => line.includes('Chromium'))).toEqual([
      'Browser tests skipped: no Chromium at /nonexistent/chromium; install it with apt-get install chromium (or set CHROMIUM_PATH)',
    ]);
  });

  test('fails with REQUIRE_BROWSER=1', { timeout: 60_000 }, async () => {
    const failure = await run('npx', vitest, { cwd: ROOT, env: { ...env, REQUIRE_BROWSER: '1' } }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(`${failure?.stdout}${failure?.stderr}`).toContain(
      'REQUIRE_BROWSER=1 and no Chromium at /nonexistent/chromium',
    );
  });
});
