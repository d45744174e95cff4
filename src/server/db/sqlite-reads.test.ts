import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb, type DbHandle } from './connect';
import { worstLateness } from '../../../test/support/event-loop';
import { BACKGROUND_NICE } from './thread-priority';

/** A query that keeps SQLite busy for a while: counting up through a recursive CTE. */
const slowCount = sql<{
  n: number;
}>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 2000000) select count(*) as n from c`;

/** Lets the timer fire once more, so that a wait that ended just now is counted. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('SQLite searches on read threads', () => {
  let dir: string;
  let handle: DbHandle;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-reads-'));
    handle = openDb({ sqliteFile: path.join(dir, 'deckhub.sqlite') });
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    'a long query holds the event loop on the main connection, not on the read threads',
    { timeout: 60_000 },
    async () => {
      expect(handle.searchDb).not.toBe(handle.db);
      // Started once, so that the thread's start is not measured.
      await sql`select 1`.execute(handle.searchDb);
      let mainMs = 0;
      const onMain = await worstLateness(async () => {
        const t0 = performance.now();
        expect((await slowCount.execute(handle.db)).rows[0].n).toBe(2_000_000);
        mainMs = performance.now() - t0;
        await idle();
      });
      let threadMs = 0;
      const onThread = await worstLateness(async () => {
        const t0 = performance.now();
        expect((await slowCount.execute(handle.searchDb)).rows[0].n).toBe(2_000_000);
        threadMs = performance.now() - t0;
        await idle();
      });
      // On the main thread the timer waits for the whole query; on a read thread it hardly waits.
      expect(onMain).toBeGreaterThan(mainMs / 2);
      expect(onThread).toBeLessThan(Math.max(50, threadMs / 4));
    },
  );

  test('the read threads run below the priority of the event loop', async () => {
    const niceOf = (tid: string) =>
      Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    // Two queries at once: both threads are running.
    await Promise.all([sql`select 1`.execute(handle.searchDb), sql`select 2`.execute(handle.searchDb)]);
    const nices = fs.readdirSync(`/proc/${process.pid}/task`).map(niceOf);
    expect(niceOf(String(process.pid))).toBe(0);
    // The read threads, and nothing else of this process, at the lowest priority.
    expect(nices.filter((nice) => nice === BACKGROUND_NICE)).toHaveLength(2);
  });

  test('the threads see committed writes and refuse to write', async () => {
    await sql`create table notes (body text)`.execute(handle.db);
    await sql`insert into notes values ('seen')`.execute(handle.db);
    expect((await sql<{ body: string }>`select body from notes`.execute(handle.searchDb)).rows).toEqual([
      { body: 'seen' },
    ]);
    await expect(sql`insert into notes values ('no')`.execute(handle.searchDb)).rejects.toThrow(/reads only/);
  });

  test('an in-memory database searches on its own connection', async () => {
    const memory = openDb({ sqliteFile: ':memory:' });
    expect(memory.searchDb).toBe(memory.db);
    await memory.close();
  });
});
