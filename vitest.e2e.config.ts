import { defineConfig } from 'vitest/config';

// Browser tests: Playwright drives Debian's Chromium against the real built site.
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/seeded-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
