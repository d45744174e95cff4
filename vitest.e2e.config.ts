import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

// Browser tests: Playwright drives Debian's Chromium against the real built site. Without Chromium
// the whole suite is skipped with one line saying so (REQUIRE_BROWSER=1, as in CI, fails instead),
// as test/support/outside-programs.ts does for PostgreSQL and Redis. (Checked here, with no import of
// a project file: Vite warns about a config importing TypeScript without its extension.)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missingBrowser = fs.existsSync(chromium)
  ? null
  : `no Chromium at ${chromium}; install it with apt-get install chromium (or set CHROMIUM_PATH)`;
if (missingBrowser && process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 and ${missingBrowser}`);
if (missingBrowser) console.log(`Browser tests skipped: ${missingBrowser}`);

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: missingBrowser ? [] : ['e2e/**/*.e2e.ts'],
    passWithNoTests: !!missingBrowser,
    globalSetup: missingBrowser ? [] : ['e2e/support/seeded-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a loaded two-core machine took longer to show page 2 of the
    // results after its button was clicked (web-search, one whole run). Playwright's own waits give 30 s.
    expect: { poll: { timeout: 15_000 } },
    // Each file starts its own server (its own copy of the seeded data, a free port) and its own
    // Chromium, so files share nothing. Most of a browser test is waiting on the page: two files at
    // a time took the suite (with its build) from 3.5 minutes to 2.7 on these 2-core machines.
    fileParallelism: true,
    maxWorkers: 2,
    // Each file starts and closes its own server and browser; its two worker processes keep the
    // server's modules loaded between files rather than importing them 23 times (7.1 minutes with
    // the build instead of 8.4, same 122 tests).
    isolate: false,
  },
});
