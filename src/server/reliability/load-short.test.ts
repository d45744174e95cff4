// The load benchmark's short mode as a test: a few seconds of mixed traffic with fewer
// connections, in both shapes the benchmark runs (closed loop, offered rate), must produce no error
// and no 5xx. Latency is not asserted here (shared CI machines vary too much); `npm run bench:load`
// prints it against its target.
import { REAL_SCREENSHOT } from '../uploads/ocr/test-data';
import { formatLoadResult, readImage, runMixedLoad } from './load/mixed-load';
import { startLoadTarget, type LoadTarget } from './load/load-target';
import { watchProcess } from './load/process-watch';

describe('mixed load, short', () => {
  let target: LoadTarget;

  beforeAll(async () => {
    target = await startLoadTarget('sqlite');
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  test.each([
    ['closed loop', 5, undefined],
    ['offered rate of 100 req/s', 3, 100],
  ])('%s, %i s on 10 connections: no error, no 5xx', { timeout: 60_000 }, async (_shape, durationSec, rate) => {
    const watch = watchProcess();
    const result = await runMixedLoad({
      baseUrl: target.server.baseUrl,
      db: target.server.server.handle.db,
      durationSec,
      connections: 10,
      rate,
      signedInUsers: 10,
      ocrImage: target.server.server.app.ocr ? readImage(REAL_SCREENSHOT) : undefined,
      ocrEverySec: 1,
    });
    console.log(formatLoadResult('short load', result, watch.stop()));
    expect(result.kinds.every((k) => k.requests > 0)).toBe(true);
    expect(result.total5xx).toBe(0);
    expect(result.totalErrors).toBe(0);
    expect(result.ocr.other).toBe(0);
  });
});
