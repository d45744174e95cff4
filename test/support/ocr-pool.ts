/**
 * The real tesseract pool a test file reads images with: started in beforeAll, closed in afterAll.
 * Two workers, and a long job timeout: these tests check what is read, not how fast, and a loaded
 * machine must not turn them into timeouts.
 */
import { createOcrPool, type OcrJobRunner, type OcrPool } from '../../src/server/ocr/runtime/worker-pool';

/** Call at the top of a test file; what it returns runs jobs on the file's pool once beforeAll has run. */
export function testOcrPool(): OcrJobRunner {
  let pool: OcrPool | undefined;
  beforeAll(async () => {
    pool = await createOcrPool({ size: 2, jobTimeoutMs: 120_000 });
  });
  afterAll(async () => {
    await pool?.close();
  });
  const started = (): OcrPool => {
    if (!pool) throw new Error('the test OCR pool starts in beforeAll: use it inside a test');
    return pool;
  };
  return {
    get size() {
      return started().size;
    },
    recognizeAll: (jobs, options) => started().recognizeAll(jobs, options),
  };
}
