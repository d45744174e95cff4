import sharp from 'sharp';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  createOcrPool,
  localLangPath,
  OcrBusyError,
  OcrTimeoutError,
  OcrUnavailableError,
  OcrWorkerLostError,
  type OcrPool,
  type OcrPoolOptions,
} from './worker-pool';
import { BREAKABLE_WORKER, breakingJob, setBreakFlag } from '../../../../test/support/breakable-ocr';

async function wordImage(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="70"><rect width="100%" height="100%" fill="#fff"/><text x="12" y="48" font-family="DejaVu Sans" font-size="36">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const line = (image: Buffer) => ({ image, mode: 'line' as const });
const readText = async (pool: OcrPool, text: string) =>
  (await pool.recognizeAll([line(await wordImage(text))]))[0].text.trim();

describe('OCR worker pool', () => {
  let pool: OcrPool;
  beforeAll(async () => {
    pool = await createOcrPool({ size: 1, maxQueued: 2, jobTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('uses the language data installed with the project, never a URL', () => {
    expect(path.isAbsolute(localLangPath())).toBe(true);
    expect(existsSync(path.join(localLangPath(), 'eng.traineddata.gz'))).toBe(true);
  });

  it('reads text with a warm worker', async () => {
    expect(await readText(pool, 'HYPERNOVA')).toBe('HYPERNOVA');
  });

  it("keeps tesseract's debug prints off the server's stderr: a blank line crop dumped its row statistics there", async () => {
    const [width, height] = [600, 100];
    const blank = Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), Buffer.alloc(width * height, 255)]);
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await pool.recognizeAll([line(blank)]);
      // The thread's stderr reaches this one's through a message port: give it time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      write.mockRestore();
    }
    expect(written.join('')).not.toMatch(/Total count|Bottom=/);
  });

  it('refuses a batch the queue cannot hold, all or nothing', async () => {
    const image = await wordImage('SAND CAT');
    // One runs, two may wait: four is one too many.
    await expect(pool.recognizeAll(Array.from({ length: 4 }, () => line(image)))).rejects.toBeInstanceOf(OcrBusyError);
    expect(pool.queued()).toBe(0);
    const results = await pool.recognizeAll(Array.from({ length: 3 }, () => line(image)));
    expect(results.map((r) => r.text.trim())).toEqual(['SAND CAT', 'SAND CAT', 'SAND CAT']);
  });

  it('runs a batch asked to go first before the jobs already waiting', async () => {
    const [names, header] = await Promise.all([wordImage('NAME'), wordImage('HEADER')]);
    const finished: string[] = [];
    // One job runs at once: the first name has started, the second waits behind it.
    const reading = pool.recognizeAll([line(names), line(names)]).then(() => finished.push('names'));
    const first = pool.recognizeAll([line(header)], { first: true }).then(() => finished.push('header'));
    await Promise.all([reading, first]);
    expect(finished).toEqual(['header', 'names']);
  });

  it('rejects jobs after close', async () => {
    const closing = await createOcrPool({ size: 1 });
    await closing.close();
    await expect(closing.recognizeAll([line(await wordImage('X'))])).rejects.toThrow(/closed/);
  });
});

/**
 * Pools on test/support/breakable-worker-thread.mjs: the real worker entry, whose threads really
 * exit, throw or block when a job asks them to. Every pool here has one worker.
 */
describe('OCR worker pool whose threads break', () => {
  const pools: OcrPool[] = [];
  let logged: string[] = [];
  async function breakablePool(options: OcrPoolOptions = {}): Promise<OcrPool> {
    const pool = await createOcrPool({
      size: 1,
      workerScript: BREAKABLE_WORKER,
      restartDelayMs: 50,
      log: (m) => logged.push(m),
      ...options,
    });
    pools.push(pool);
    return pool;
  }
  /** Waits until the pool has its worker back (a replacement takes about a second to start). */
  const recovered = (pool: OcrPool) =>
    vi.waitFor(() => expect(pool.stats()).toMatchObject({ workers: 1, starting: 0 }), {
      timeout: 30_000,
      interval: 20,
    });

  let word: Buffer;
  beforeAll(async () => {
    word = await wordImage('HEIMDALL');
  });
  beforeEach(() => {
    logged = [];
  });
  afterEach(() => {
    setBreakFlag('refuse-start', false);
    setBreakFlag('hang', false);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it.each(['exit', 'throw'] as const)(
    'a thread that %ss mid-job fails that job at once and is replaced',
    async (how) => {
      const pool = await breakablePool({ jobTimeoutMs: 20_000 });
      const started = performance.now();
      await expect(pool.recognizeAll([breakingJob(word, how)])).rejects.toBeInstanceOf(OcrWorkerLostError);
      // Noticed from the thread's exit, not by waiting out the 20 s time limit.
      expect(performance.now() - started).toBeLessThan(5_000);
      await recovered(pool);
      expect(pool.stats()).toEqual({ workers: 1, starting: 0, running: 0, queued: 0, replaced: 1 });
      expect(await readText(pool, 'HEIMDALL')).toBe('HEIMDALL');
      expect(logged.some((m) => /ended by itself/.test(m))).toBe(true);
    },
  );

  it('a job waiting behind a stuck worker times out on its own clock, counted from when it was queued', async () => {
    // 4 s, not less: the same limit holds for the read that proves the replacement serves, and a
    // fresh worker's first read took over 1.5 s in CI while the load test shared the two cores.
    const pool = await breakablePool({ jobTimeoutMs: 4_000 });
    const started = performance.now();
    const settledAt = (job: Promise<unknown>) =>
      job.then(
        () => performance.now(),
        () => performance.now(),
      );
    const stuck = pool.recognizeAll([breakingJob(word, 'hang')]);
    const behind = pool.recognizeAll([line(word)]);
    // Each job's own end, taken as it settles.
    const ends = Promise.all([settledAt(stuck), settledAt(behind)]);
    const [stuckOutcome, behindOutcome] = await Promise.allSettled([stuck, behind]);
    const [stuckEnded, behindEnded] = await ends;
    expect(stuckOutcome).toMatchObject({ status: 'rejected', reason: expect.any(OcrTimeoutError) });
    expect(behindOutcome).toMatchObject({ status: 'rejected', reason: expect.any(OcrTimeoutError) });
    // Both deadlines ran from the start (a timer never fires early): had the second one's started
    // when a worker took it, it would have been read by the replacement, or timed out 4 s after
    // the first. Both timers are late alike on a busy machine, so no upper bound on the whole.
    expect(stuckEnded - started).toBeGreaterThanOrEqual(3_900);
    expect(behindEnded - started).toBeGreaterThanOrEqual(3_900);
    expect(behindEnded - stuckEnded).toBeLessThan(2_000);
    // The blocked thread was terminated and replaced; the pool serves again.
    await recovered(pool);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, replaced: 1 });
    expect(await readText(pool, 'HEIMDALL')).toBe('HEIMDALL');
  });

  it('a batch that fails drops its jobs still waiting', async () => {
    const pool = await breakablePool({ jobTimeoutMs: 20_000 });
    await expect(
      pool.recognizeAll([breakingJob(word, 'exit'), line(word), line(word), line(word)]),
    ).rejects.toBeInstanceOf(OcrWorkerLostError);
    expect(pool.stats()).toMatchObject({ queued: 0, running: 0 });
    await recovered(pool);
  });

  it('a worker that cannot be restarted fails jobs clearly, is retried with growing pauses, and comes back', async () => {
    const pool = await breakablePool({ jobTimeoutMs: 20_000, restartDelayMs: 100, maxRestartDelayMs: 400 });
    setBreakFlag('refuse-start', true);
    await expect(pool.recognizeAll([breakingJob(word, 'exit')])).rejects.toBeInstanceOf(OcrWorkerLostError);
    // A job queued while the replacement starts is failed as soon as that start fails, not left
    // waiting for a worker that will not come.
    const waiting = pool.recognizeAll([line(word)]);
    await expect(waiting).rejects.toBeInstanceOf(OcrUnavailableError);
    // While no worker runs, new jobs fail at once with the same clear error.
    const started = performance.now();
    await expect(pool.recognizeAll([line(word)])).rejects.toBeInstanceOf(OcrUnavailableError);
    expect(performance.now() - started).toBeLessThan(100);
    expect(pool.stats()).toMatchObject({ workers: 0, queued: 0, running: 0 });
    await vi.waitFor(() => expect(logged.filter((m) => /failed to start/.test(m)).length).toBeGreaterThanOrEqual(2), {
      timeout: 15_000,
      interval: 50,
    });
    const attempts = logged.filter((m) => /failed to start/.test(m));
    expect(attempts[0]).toMatch(/attempt 1, retrying in 100 ms/);
    expect(attempts[1]).toMatch(/attempt 2, retrying in 200 ms/);

    setBreakFlag('refuse-start', false);
    await recovered(pool);
    expect(await readText(pool, 'HEIMDALL')).toBe('HEIMDALL');
  });

  it('closing fails running and waiting jobs instead of leaving them pending', async () => {
    const pool = await breakablePool({ jobTimeoutMs: 20_000 });
    const stuck = pool.recognizeAll([breakingJob(word, 'hang')]);
    const behind = pool.recognizeAll([line(word)]);
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ running: 1, queued: 1 }), {
      timeout: 5_000,
      interval: 10,
    });
    await pool.close();
    await expect(stuck).rejects.toThrow(/closed/);
    await expect(behind).rejects.toThrow(/closed/);
  });
});
