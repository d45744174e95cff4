// The load benchmark's short mode as a test: a few seconds of mixed traffic with fewer
// connections must produce no error and no 5xx. Latency is not asserted here (shared CI machines
// vary too much); `npm run bench:load` prints and checks it.
import { REAL_SCREENSHOT } from '../uploads/ocr/test-data';
import { formatLoadResult, readImage, runMixedLoad } from './load/mixed-load';
import { startLoadTarget, type LoadTarget } from './load/load-target';

describe('mixed load, short', () => {
  let target: LoadTarget;

  beforeAll(async () => {
    target = await startLoadTarget('sqlite');
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  test('5 s of mixed traffic on 10 connections: no error, no 5xx', { timeout: 60_000 }, async () => {
    const rssStart = process.memoryUsage().rss;
    const result = await runMixedLoad({
      baseUrl: target.server.baseUrl,
      db: target.server.server.handle.db,
      durationSec: 5,
      connections: 10,
      signedInUsers: 10,
      ocrImage: target.server.server.app.ocr ? readImage(REAL_SCREENSHOT) : undefined,
      ocrEverySec: 2,
    });
    const rssEnd = process.memoryUsage().rss;
    console.log(formatLoadResult('short load', result, { start: rssStart, end: rssEnd, peak: Math.max(rssStart, rssEnd) }));
    expect(result.kinds.every((k) => k.requests > 0)).toBe(true);
    expect(result.total5xx).toBe(0);
    expect(result.totalErrors).toBe(0);
    expect(result.ocr.other).toBe(0);
  });
});
