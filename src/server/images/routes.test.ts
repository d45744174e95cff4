// /upload/{key} and /upload/w_{width}/{key} on both image backends: served from the folder, or
// streamed from an S3 bucket on a real S3 protocol server on loopback.
import sharp from 'sharp';
import type { Deck } from '../../common/api/decks';
import { COLLECTIONS } from '../../common/game';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser } from '../../../test/support/factories';
import { IMAGE_BACKENDS, imageBackend } from '../../../test/support/image-backends';
import { expectedScreenshotDeck, formWith, importRealCatalog, pngImage } from '../../../test/support/images';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(IMAGE_BACKENDS)('/upload routes [%s images]', (name) => {
  const backend = imageBackend(name);

  describeEachDatabase(
    `/upload routes [${name} images]`,
    (ctx) => {
      test('the original and a resized copy: WebP, cacheable forever, at the smallest allowed width not under the one asked', async () => {
        const key = await ctx.app.images.save(await pngImage(900, 1800));
        const full = await ctx.app.inject({ url: `/upload/${key}` });
        expect(full.statusCode).toBe(200);
        expect(full.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
        expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 900, height: 1800 });

        const small = await ctx.app.inject({ url: `/upload/w_350/${key}` });
        expect(small.statusCode).toBe(200);
        expect(small.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
        expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 800 });
        // Wider than the largest allowed width: the largest, never enlarged past the original.
        expect(
          (await sharp((await ctx.app.inject({ url: `/upload/w_5000/${key}` })).rawPayload).metadata()).width,
        ).toBe(900);
        expect((await backend.stored()).filter((k) => k.endsWith(key))).toEqual([key, `w_1200/${key}`, `w_400/${key}`]);

        for (const url of [`/upload/${key}`, `/upload/w_400/${key}`]) {
          const head = await ctx.app.inject({ method: 'HEAD', url });
          expect(head.statusCode).toBe(200);
          expect(head.headers['content-type']).toBe('image/webp');
          expect(head.body).toBe('');
        }
      });

      test.each([
        ['an unknown key', '/upload/0123456789abcdef01234567.webp', 'No such image.'],
        ['an unknown key, resized', '/upload/w_400/0123456789abcdef01234567.webp', 'No such image.'],
        ['a name that is not a key', '/upload/deckhub.sqlite', 'No such image.'],
        ['a path', '/upload/..%2F..%2Fetc%2Fpasswd', 'No such image.'],
        ['a width of 0', '/upload/w_0/KEY', 'No such image size.'],
        ['a width that is no number', '/upload/w_abc/KEY', 'No such image size.'],
        ['a height', '/upload/h_400/KEY', 'No such image size.'],
      ])('%s is a 404 with a JSON error', async (_, url, message) => {
        const key = await ctx.app.images.save(await pngImage(100, 200));
        const res = await ctx.app.inject({ url: url.replace('KEY', key) });
        expect(res.statusCode).toBe(404);
        expect(json(res)).toEqual({ error: 'Not Found', message });
      });

      test('50 concurrent first requests for one resized image: all 200, the same bytes, one stored copy', async () => {
        const key = await ctx.app.images.save(await pngImage(1200, 2400));
        const answers = await Promise.all(
          Array.from({ length: 50 }, () => ctx.app.inject({ url: `/upload/w_400/${key}` })),
        );
        const failed = answers
          .filter((res) => res.statusCode !== 200)
          .map((res) => `${res.statusCode} ${res.body.slice(0, 100)}`);
        expect(failed).toEqual([]);
        expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
        expect((await backend.stored()).filter((k) => k.endsWith(key) || k.endsWith('.tmp'))).toEqual([
          key,
          `w_400/${key}`,
        ]);
        if (name === 's3') expect(backend.writes().filter((k) => k === `w_400/${key}`)).toHaveLength(1);
      });

      test('a deck published through the API keeps its image in the store; deleting the deck removes the image and its copies', async () => {
        await importRealCatalog(ctx.db);
        const user = await buildUser(ctx.db);
        const cards = JSON.stringify(expectedScreenshotDeck().cards.map((c) => c.name));
        const form = formWith(
          { title: 'Stored deck', collections: JSON.stringify([COLLECTIONS[0].code]), cards },
          { bytes: await pngImage(600, 1200) },
        );
        const posted = await ctx.app.inject({
          method: 'POST',
          url: '/api/decks/post/',
          headers: { cookie: user.cookie },
          payload: form,
        });
        expect(posted.statusCode, posted.body).toBe(201);
        const deck = json<Deck>(posted);
        const key = deck.image.split('/').pop()!;
        expect((await ctx.app.inject({ url: deck.image.replace('/upload/', '/upload/w_400/') })).statusCode).toBe(200);
        expect((await backend.stored()).filter((k) => k.endsWith(key))).toEqual([key, `w_400/${key}`]);

        const deleted = await ctx.app.inject({
          method: 'DELETE',
          url: `/api/decks/deleteone/${deck._id}`,
          headers: { cookie: user.cookie },
        });
        expect(deleted.statusCode).toBe(200);
        expect((await backend.stored()).filter((k) => k.endsWith(key))).toEqual([]);
        expect((await ctx.app.inject({ url: deck.image })).statusCode).toBe(404);
      });
    },
    async () => ({ config: await backend.fresh() }),
  );
});
