// How late the event loop's timers ran, split in two by the main thread's scheduler statistics
// (Linux, /proc/<pid>/task/<pid>/schedstat: time on a CPU, time waiting for one): `held` is the
// main thread running (JavaScript, or a synchronous query, holding the loop), `waited` is the
// thread ready but the machine's CPUs busy elsewhere. On a shared machine the second dwarfs the
// first, and the lateness alone blamed the searches for other people's work.
import fs from 'node:fs';

const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;
/** The timer's period, ms. */
const TICK_MS = 1;

/** [ms on a CPU, ms waiting for one] of the main thread so far; undefined where the kernel does not say. */
function schedstat(): [number, number] | undefined {
  try {
    const [run, wait] = fs.readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
    return [run / 1e6, wait / 1e6];
  } catch {
    return undefined;
  }
}

export interface LoopHold {
  /** The worst lateness of a tick, ms. */
  late: number;
  /** Of the late ticks, the longest the main thread ran between two ticks beyond the period, ms. */
  held: number;
}

/** Watches the event loop until `stop` is called. */
export function watchLoop(): { stop(): LoopHold } {
  let last = performance.now();
  let lastStat = schedstat();
  const worst: LoopHold = { late: 0, held: 0 };
  const timer = setInterval(() => {
    const now = performance.now();
    const stat = schedstat();
    const late = now - last - TICK_MS;
    worst.late = Math.max(worst.late, late);
    if (stat && lastStat) worst.held = Math.max(worst.held, Math.min(late, stat[0] - lastStat[0] - TICK_MS));
    last = now;
    lastStat = stat;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      return worst;
    },
  };
}
