import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and integration tests. Server tests run in Node against real SQLite (always) and
// PostgreSQL (when TEST_POSTGRES_URL is set); web tests run in jsdom.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core machines. Most
    // files wait on databases, servers and child processes rather than compute, so two workers finish
    // the suite in about 3 minutes instead of 4.6 (measured on an idle machine, same 782 tests).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The server files share their two worker processes' modules instead of importing the app
          // and its dependencies afresh for each of the ~110 files: the unit run went from 743 s to
          // 524 s on a 2-core machine (same 1,511 tests). Each file builds its own app, databases and
          // pools and closes them; what modules keep (the deck reader's threads) is shared as in one
          // server process. The web files stay isolated: with one jsdom document and the modules
          // some of them mock carried from file to file, 55 of their 203 tests failed.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'test/**/*.test.ts'],
          // One line for each server (PostgreSQL, Redis) whose tests are skipped; REQUIRE_…=1 fails instead.
          globalSetup: ['test/support/outside-programs.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
