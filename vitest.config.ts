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
