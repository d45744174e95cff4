// The start-up sweep on both image backends: images no deck points at are removed, with their
// copies, and the folder's temporary files of interrupted writes; in a bucket other instances
// share, only once they are old enough that no deck can still be on its way.
import fs from 'node:fs';
import path from 'node:path';
import { imageUrlOf } from './image-store';
import { ORPHAN_MIN_AGE_MS, sweepOrphanImages } from './orphan-sweep';
import { describeEachDatabase, type TestContext } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { imageBackend } from '../../../test/support/image-backends';
import { pngImage } from '../../../test/support/images';

/** An image a deck uses and one no deck uses, each with a resized copy. */
async function usedAndOrphan(ctx: TestContext): Promise<[string, string]> {
  const [used, orphan] = await Promise.all([1, 2].map(async () => ctx.app.images.save(await pngImage(300, 600))));
  await buildDeck(ctx.db, (await buildUser(ctx.db)).id, { image: imageUrlOf(used) });
  for (const key of [used, orphan])
    expect((await ctx.app.inject({ url: `/upload/w_200/${key}` })).statusCode).toBe(200);
  return [used, orphan];
}

describe('orphan sweep [folder images]', () => {
  const backend = imageBackend('folder');

  describeEachDatabase(
    'orphan sweep [folder images]',
    (ctx) => {
      test('removes images without a deck with their copies, and the temporary files a crash left; keeps images in use', async () => {
        const [used, orphan] = await usedAndOrphan(ctx);
        // What a process killed while writing leaves: a half-written original and a half-written copy.
        const root = path.join(backend.config.dataDir, 'uploads');
        for (const file of [`.${used}.4242-abcdef.tmp`, `w_200/.${used}.4242-012345.tmp`])
          fs.writeFileSync(path.join(root, file), 'half');

        expect(await sweepOrphanImages(ctx.db, ctx.app.images)).toBe(1);
        const stored = await backend.stored();
        expect(stored.filter((k) => k.endsWith(orphan) || k.endsWith('.tmp'))).toEqual([]);
        expect(stored.filter((k) => k.endsWith(used))).toEqual([used, `w_200/${used}`]);
        expect((await ctx.app.inject({ url: imageUrlOf(used) })).statusCode).toBe(200);
        expect((await ctx.app.inject({ url: imageUrlOf(orphan) })).statusCode).toBe(404);
      });
    },
    async () => ({ config: await backend.fresh() }),
  );
});

describe('orphan sweep [s3 images]', () => {
  const backend = imageBackend('s3');

  describeEachDatabase(
    'orphan sweep [s3 images]',
    (ctx) => {
      test('spares young images (their deck may be on its way from another instance); later removes those without a deck, with their copies', async () => {
        const [used, orphan] = await usedAndOrphan(ctx);
        expect(await sweepOrphanImages(ctx.db, ctx.app.images)).toBe(0);
        expect((await backend.stored()).filter((k) => k.endsWith(orphan))).toEqual([orphan, `w_200/${orphan}`]);

        const later = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
        expect(await sweepOrphanImages(ctx.db, ctx.app.images, later)).toBe(1);
        const stored = await backend.stored();
        expect(stored.filter((k) => k.endsWith(orphan))).toEqual([]);
        expect(stored.filter((k) => k.endsWith(used))).toEqual([used, `w_200/${used}`]);
        expect((await ctx.app.inject({ url: imageUrlOf(used) })).statusCode).toBe(200);
        expect((await ctx.app.inject({ url: imageUrlOf(orphan) })).statusCode).toBe(404);
      });
    },
    async () => ({ config: await backend.fresh() }),
  );
});
