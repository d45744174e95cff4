import { defineConfig } from 'vitest/config';
import { missingProgram } from './test/support/outside-programs';

// Browser tests: Playwright drives Debian's Chromium against the real built site. Without Chromium
// the whole suite is skipped with one line saying so (REQUIRE_BROWSER=1, as in CI, fails instead).
const missingBrowser = missingProgram('browser');
if (missingBrowser) console.log(missingBrowser);

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: missingBrowser ? [] : ['e2e/**/*.e2e.ts'],
    passWithNoTests: !!missingBrowser,
    globalSetup: missingBrowser ? [] : ['e2e/support/seeded-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own server (its own copy of the seeded data, a free port) and its own
    // Chromium, so files share nothing. Most of a browser test is waiting on the page: two files at
    // a time took the suite (with its build) from 3.5 minutes to 2.7 on these 2-core machines.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
