/** The worst lateness of a 5 ms timer while `work` runs: how long the event loop was held. */
export async function worstLateness(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return worst;
}

/** Lateness with nothing to do: what the machine itself costs a timer. */
export const idleLateness = (ms: number) => worstLateness(() => new Promise((resolve) => setTimeout(resolve, ms)));
