import sharp from 'sharp';
import { createOcrPool, localLangPath, OcrBusyError, OcrTimeoutError, type OcrPool } from './worker-pool';
import { existsSync } from 'node:fs';
import path from 'node:path';

async function wordImage(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="70"><rect width="100%" height="100%" fill="#fff"/><text x="12" y="48" font-family="DejaVu Sans" font-size="36">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

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
    const [result] = await pool.recognizeAll([{ image: await wordImage('HYPERNOVA'), mode: 'line' }]);
    expect(result.text.trim()).toBe('HYPERNOVA');
  });

  it('refuses a batch the queue cannot hold, all or nothing', async () => {
    const image = await wordImage('SAND CAT');
    // One runs, two may wait: four is one too many.
    await expect(pool.recognizeAll(Array.from({ length: 4 }, () => ({ image, mode: 'line' as const })))).rejects.toBeInstanceOf(OcrBusyError);
    expect(pool.queued()).toBe(0);
    const results = await pool.recognizeAll(Array.from({ length: 3 }, () => ({ image, mode: 'line' as const })));
    expect(results.map((r) => r.text.trim())).toEqual(['SAND CAT', 'SAND CAT', 'SAND CAT']);
  });

  it('fails a job that runs past its time limit and keeps serving with a fresh worker', async () => {
    const hasty = await createOcrPool({ size: 1, jobTimeoutMs: 1 });
    try {
      const big = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#888' } }).png().toBuffer();
      await expect(hasty.recognizeAll([{ image: big, mode: 'auto' }])).rejects.toBeInstanceOf(OcrTimeoutError);
    } finally {
      await hasty.close();
    }
    // The shared pool is unaffected.
    const [result] = await pool.recognizeAll([{ image: await wordImage('VIRGINIA HALL'), mode: 'line' }]);
    expect(result.text.trim()).toBe('VIRGINIA HALL');
  });

  it('rejects jobs after close', async () => {
    const closing = await createOcrPool({ size: 1 });
    await closing.close();
    await expect(closing.recognizeAll([{ image: await wordImage('X'), mode: 'line' }])).rejects.toThrow(/closed/);
  });
});
