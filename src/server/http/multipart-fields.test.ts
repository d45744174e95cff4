// Malformed multipart bodies on both upload routes: whatever the parser trips over (no boundary,
// a body cut short, a boundary that never comes), the answer is a 400 `{error, message}`,
// never a 500, and nothing is stored.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createOcrPool, type OcrPool } from '../ocr/runtime/worker-pool';
import { OcrService } from '../ocr/runtime/ocr-service';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { filesUnder, pngImage } from '../../../test/support/images';
import { multipartBody } from '../../../test/support/multipart';

/** The reader is started (the upload route answers 503 without one) but never reaches an image here. */
let pool: OcrPool;
beforeAll(async () => {
  pool = await createOcrPool({ size: 1 });
});
afterAll(async () => {
  await pool?.close();
});

const BOUNDARY = 'deckhubboundary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A whole, valid form: an image and a title. */
async function goodForm(): Promise<Buffer> {
  return multipartBody(
    [
      { name: 'title', value: 'Cut short' },
      { name: 'image', filename: 'deck.png', contentType: 'image/png', value: await pngImage(600, 1200) },
    ],
    BOUNDARY,
  ).body;
}

describeEachDatabase('malformed multipart bodies', (ctx) => {
  let user: TestUser;
  let app: FastifyInstance;
  let form: Buffer;

  beforeAll(async () => {
    user = await buildUser(ctx.db);
    app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      dialect: ctx.app.dialect,
      ocr: OcrService.withPool(ctx.db, pool),
    });
    form = await goodForm();
  });
  afterAll(async () => {
    await app?.close();
    expect(filesUnder(path.join(ctx.config.dataDir, 'uploads'))).toEqual([]);
    expect(await ctx.db.selectFrom('decks').select('id').execute()).toEqual([]);
  });

  const cases: [string, () => { contentType: string; payload: Buffer }][] = [
    ['no boundary in the content type', () => ({ contentType: 'multipart/form-data', payload: form })],
    ['an empty boundary', () => ({ contentType: 'multipart/form-data; boundary=', payload: form })],
    [
      'a 300-character boundary',
      () => ({ contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: form }),
    ],
    [
      'the body cut in the middle of the image',
      () => ({ contentType: TYPE, payload: form.subarray(0, Math.floor(form.length / 2)) }),
    ],
    [
      'the body cut before its closing boundary',
      () => ({ contentType: TYPE, payload: form.subarray(0, form.length - `--${BOUNDARY}--\r\n`.length) }),
    ],
    [
      'the body cut inside a part header',
      () => ({ contentType: TYPE, payload: form.subarray(0, `--${BOUNDARY}\r\nContent-Disp`.length) }),
    ],
    ['an empty body', () => ({ contentType: TYPE, payload: Buffer.alloc(0) })],
    [
      'a body without any boundary',
      () => ({ contentType: TYPE, payload: Buffer.from('just some text, no parts at all') }),
    ],
    [
      'a body with another boundary',
      () => ({ contentType: 'multipart/form-data; boundary=somethingelse', payload: form }),
    ],
    [
      'a part without headers',
      () => ({ contentType: TYPE, payload: Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`) }),
    ],
    [
      'a field declared JSON that is not',
      () => ({
        contentType: TYPE,
        payload: Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cards"\r\nContent-Type: application/json\r\n\r\n[not json\r\n--${BOUNDARY}--\r\n`,
        ),
      }),
    ],
  ];

  for (const url of ['/api/uploadimage/', '/api/decks/post/']) {
    test.each(cases)(`${url}: %s → 400`, async (_, make) => {
      const { contentType, payload } = make();
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: user.cookie, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = json<{ error: string; message: string }>(res);
      expect(body.error).toBe('Bad Request');
      expect(body.message.length).toBeGreaterThan(10);
      expect(body.message).not.toMatch(/busboy|dicer|needle|Multipart:/i);
    });
  }
});
