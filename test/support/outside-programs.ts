// The servers some suites need beside Node: PostgreSQL and Redis, named by URL, never guessed (a
// suite must not reach for whatever server happens to listen). A suite whose server is missing is
// skipped, and the run says so in one plain line naming what is missing and how to get it; with
// REQUIRE_POSTGRES=1 or REQUIRE_REDIS=1 (CI, see .ci/run) a missing server fails the run instead.
// Chromium, for the browser suite, is checked the same way in vitest.e2e.config.ts (REQUIRE_BROWSER).

export type OutsideProgram = 'postgres' | 'redis';

/** For each program: the variable that requires it, whether it is there, and the suite left out without it. */
const PROGRAMS: Record<
  OutsideProgram,
  { requiredBy: string; present: () => boolean; suite: string; why: () => string }
> = {
  postgres: {
    requiredBy: 'REQUIRE_POSTGRES',
    present: () => !!process.env.TEST_POSTGRES_URL,
    suite: 'PostgreSQL tests skipped (the database tests run on SQLite only)',
    why: () =>
      'TEST_POSTGRES_URL is not set; start PostgreSQL (apt-get install postgresql) and set TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test',
  },
  redis: {
    requiredBy: 'REQUIRE_REDIS',
    present: () => !!process.env.TEST_REDIS_URL,
    suite: 'Redis tests skipped',
    why: () =>
      'TEST_REDIS_URL is not set; start Redis (apt-get install redis-server) and set TEST_REDIS_URL=redis://127.0.0.1:6379',
  },
};

/**
 * Null when `program` is there; otherwise the line saying which tests are skipped, what is missing
 * and how to get it. Throws instead when the run requires the program (REQUIRE_…=1).
 */
export function missingProgram(program: OutsideProgram): string | null {
  const { requiredBy, present, suite, why } = PROGRAMS[program];
  if (present()) return null;
  if (process.env[requiredBy] === '1') throw new Error(`${requiredBy}=1 and ${why()}`);
  return `${suite}: ${why()}`;
}

/** TEST_POSTGRES_URL, or undefined when the PostgreSQL tests are skipped. */
export function testPostgresUrl(): string | undefined {
  return missingProgram('postgres') === null ? process.env.TEST_POSTGRES_URL : undefined;
}

/** TEST_REDIS_URL, or undefined when the Redis tests are skipped. */
export function testRedisUrl(): string | undefined {
  return missingProgram('redis') === null ? process.env.TEST_REDIS_URL : undefined;
}

/** Vitest global setup of the unit suite: the one line for each missing server, once per run. */
export default function reportMissingServers(): void {
  for (const program of ['postgres', 'redis'] as const) {
    const line = missingProgram(program);
    if (line) console.log(line);
  }
}
