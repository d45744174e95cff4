// The OCR workers run at the lowest CPU priority (see ocr-worker-thread.mjs) and nothing else does.
// Linux only: elsewhere priorities are per process, and the wrapper leaves them alone.
import fs from 'node:fs';
import { createOcrPool } from './worker-pool';

/** A thread's nice value, from /proc (field 19 of its stat). */
function niceOf(tid: string | number): number {
  const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const threadsAtNice19 = () => fs.readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === 19).length;

describe.runIf(process.platform === 'linux')('OCR worker threads', () => {
  test('run at nice 19 while the rest of the process keeps its priority', async () => {
    const before = threadsAtNice19();
    const mainThread = niceOf(process.pid);
    const pool = await createOcrPool({ size: 2 });
    try {
      expect(threadsAtNice19() - before).toBe(2);
      expect(niceOf(process.pid)).toBe(mainThread);
    } finally {
      await pool.close();
    }
  });
});
