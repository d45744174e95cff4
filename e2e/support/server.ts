// Starts the real server (built web app, API, demo data) on a free loopback port for browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { createServer, type RunningServer } from '../../src/server/server';

export interface TestServer {
  baseUrl: string;
  server: RunningServer;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-e2e-'));
  // A copy of the suite's seeded data: the same demo site, without seeding it again. Outside Vitest
  // (bench:web) there is no seeded copy to take: the server seeds its own.
  if (!overrides.databaseUrl && process.env.VITEST) fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const config: Config = { ...loadConfig({}), dataDir, seedDemo: true, host: '127.0.0.1', port: 0, ...overrides };
  const server = await createServer(config, { logger: false, serveWeb: true });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    server,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
