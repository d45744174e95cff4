// The load benchmark's mixed traffic as a test, on every database: five seconds at 100 connections
// (closed loop), then a few seconds at an offered rate, must produce no error and no 5xx. Latency is
// not asserted here (shared CI machines vary too much); `npm run bench:load` (10 s with --short)
// prints it against its target. Five seconds hold some 10,000 requests (1,900-2,500 a second on
// a two-core machine), at least 100 of every kind, and an upload read under that load; ten seconds
// added nothing the test asserts and kept both cores busy another ten seconds per database.
import { REAL_SCREENSHOT } from '../support/real-data';
import { testDatabases } from '../support/databases';
import { formatLoadResult, readImage, runMixedLoad } from '../../bench/load/mixed-load';
import { startLoadTarget, type LoadTarget } from '../../bench/load/load-target';
import { watchProcess } from '../../bench/load/process-watch';

for (const { name } of testDatabases()) {
  describe(`mixed load, short [${name}]`, () => {
    let target: LoadTarget;

    beforeAll(async () => {
      target = await startLoadTarget(name, { postgresUrl: process.env.TEST_POSTGRES_URL });
    }, 120_000);

    afterAll(async () => {
      await target?.close();
    });

    test.each([
      ['closed loop on 100 connections', 5, 100, undefined],
      ['offered rate of 100 req/s', 3, 10, 100],
    ])('%s, %i s: no error, no 5xx', { timeout: 60_000 }, async (_shape, durationSec, connections, rate) => {
      const watch = watchProcess();
      const result = await runMixedLoad({
        baseUrl: target.server.baseUrl,
        db: target.server.server.handle.db,
        durationSec,
        connections,
        rate,
        signedInUsers: 50,
        ocrImage: target.server.server.app.ocr ? readImage(REAL_SCREENSHOT) : undefined,
        ocrEverySec: 1,
      });
      console.log(formatLoadResult(`short load [${name}]`, result, watch.stop()));
      expect(result.kinds.every((k) => k.requests > 0)).toBe(true);
      expect(result.total5xx).toBe(0);
      expect(result.totalErrors).toBe(0);
      expect(result.ocr.other).toBe(0);
    });
  });
}
