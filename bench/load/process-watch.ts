// What a load run does to the process it is measured in: resident memory (start, end, peak; flat is
// the target), how late the event loop ran its callbacks (every request waits that long on top of
// its own work, so a stall shows here before it shows in the latencies), and CPU: this process's
// and, on Linux, the whole machine's, so a run disturbed by other work on the machine says so.
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessFigures {
  rss: { start: number; end: number; peak: number };
  /** Event loop delay in ms. */
  loopDelay: { p99: number; max: number };
  /** Cores kept busy on average over `seconds`: by this process, and by the whole machine (null when unknown). */
  cpu: { process: number; machine: number | null; seconds: number };
}

/** Busy and total CPU time of the machine in clock ticks, from /proc/stat; null elsewhere. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

/** Starts watching this process; `stop()` ends it and returns the figures. */
export function watchProcess(): { stop(): ProcessFigures } {
  global.gc?.();
  const rss = { start: process.memoryUsage().rss, end: 0, peak: 0 };
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, process.memoryUsage().rss)), 500);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const cpuStart = process.cpuUsage();
  const ticksStart = machineTicks();
  const started = performance.now();
  return {
    stop() {
      clearInterval(sampler);
      delay.disable();
      rss.end = process.memoryUsage().rss;
      rss.peak = Math.max(rss.peak, rss.start, rss.end);
      const cpu = process.cpuUsage(cpuStart);
      const seconds = (performance.now() - started) / 1000;
      const ticksEnd = machineTicks();
      const machine =
        ticksStart && ticksEnd
          ? ((ticksEnd.busy - ticksStart.busy) / (ticksEnd.total - ticksStart.total)) * os.availableParallelism()
          : null;
      return {
        rss,
        loopDelay: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
        cpu: { process: (cpu.user + cpu.system) / 1e6 / seconds, machine, seconds },
      };
    },
  };
}

/** CPU time (user + system, s) of another process and all its threads, from /proc; null elsewhere. */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Starts watching another process's CPU (the OCR worker); `stop()` returns the cores it kept busy on average. */
export function watchOtherProcess(pid: number): { stop(): number | null } {
  const start = processCpuSeconds(pid);
  const started = performance.now();
  return {
    stop() {
      const end = processCpuSeconds(pid);
      return start === null || end === null ? null : (end - start) / ((performance.now() - started) / 1000);
    },
  };
}
