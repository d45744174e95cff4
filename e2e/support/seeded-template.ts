// Vitest global setup for the browser suite: seeds the demo data once, into a folder every test
// server copies. Seeding renders the demo deck images and the sample screenshot, seconds of work
// each browser file would otherwise repeat before its first test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { createServer } from '../../src/server/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding a freshly seeded SQLite database and its images; copy it, never write to it. */
    seededDataDir: string;
  }
}

export default async function seedTemplate(project: TestProject): Promise<() => void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-e2e-template-'));
  const config = { ...loadConfig({}), dataDir, seedDemo: true, host: '127.0.0.1', port: 0 };
  // No reader: seeding does not need one, and each test server starts its own.
  const server = await createServer(config, { logger: false, serveWeb: true, ocr: false });
  await server.close();
  project.provide('seededDataDir', dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
