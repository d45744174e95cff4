// A production-like server to load: the built web app and the API with demo data, on SQLite or on
// PostgreSQL in a schema of its own (dropped afterwards), on a loopback port.
import crypto from 'node:crypto';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../e2e/support/server';

export interface LoadTarget {
  server: TestServer;
  close(): Promise<void>;
}

// A few simulated users post comments like a crowd: their budgets would otherwise turn most posts into 429s.
const LOAD_LIMITS = { limits: { commentsPerAccount: 1_000_000, commentsPerIp: 1_000_000 } };

export async function startLoadTarget(database: 'sqlite' | 'postgres', postgresUrl?: string): Promise<LoadTarget> {
  if (database === 'sqlite') {
    const server = await startTestServer(LOAD_LIMITS);
    return { server, close: () => server.close() };
  }
  if (!postgresUrl) throw new Error('PostgreSQL needs a URL (TEST_POSTGRES_URL or --pg-url)');
  const schema = `load_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    const server = await startTestServer({ ...LOAD_LIMITS, databaseUrl: url.toString() });
    return {
      server,
      async close() {
        await server.close();
        await admin(`DROP SCHEMA ${schema} CASCADE`);
      },
    };
  } catch (error) {
    await admin(`DROP SCHEMA ${schema} CASCADE`);
    throw error;
  }
}
