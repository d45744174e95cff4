// Linux schedules each thread on its own, with its own nice value: a thread doing background work
// (a search on a SQLite read thread) can step behind the event loop of the same process. Node's
// os.setPriority takes a pid, and on Linux a thread's id there names that thread alone.
import fs from 'node:fs';
import os from 'node:os';

/** Nice value of background threads: the lowest priority, so the event loop's thread preempts them at once. */
export const BACKGROUND_NICE = 19;

/** The kernel's id of the calling thread (Linux only: /proc/thread-self is `<pid>/task/<tid>`). */
export function currentThreadId(): number | undefined {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's priority to BACKGROUND_NICE; returns whether it could. Elsewhere than
 * on Linux a pid names the whole process, whose event loop must not be slowed: nothing changes.
 */
export function lowerThreadPriority(): boolean {
  const tid = process.platform === 'linux' ? currentThreadId() : undefined;
  if (tid === undefined || tid === process.pid) return false;
  try {
    os.setPriority(tid, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
