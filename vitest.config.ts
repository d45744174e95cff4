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
    projects: [
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'web', environment: 'jsdom', include: ['src/web/**/*.test.{ts,tsx}'], setupFiles: ['src/web/test/setup.ts'] },
      },
    ],
  },
});
