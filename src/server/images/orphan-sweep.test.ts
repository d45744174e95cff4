// The start-up sweep on both image backends: images no deck points at are removed once they are
// old enough that no deck can still be on its way; images in use, and young ones, stay.
import fs from 'node:fs';
import path from 'node:path';
import { imageUrlOf } from './image-store';
import { ORPHAN_MIN_AGE_MS, sweepOrphanImages } from './orphan-sweep';
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { IMAGE_BACKENDS, imageBackend } from '../../../test/support/image-backends';
import { pngImage } from '../../../test/support/images';

describe.each(IMAGE_BACKENDS)('orphan sweep [%s images]', (name) => {
  const backend = imageBackend(name);

  describeEachDatabase(
    `orphan sweep [${name} images]`,
    (ctx) => {
      test('removes old images without a deck, with their copies; keeps images in use and young ones', async () => {
        const [used, orphan] = await Promise.all([1, 2].map(async () => ctx.app.images.save(await pngImage(300, 600))));
        await buildDeck(ctx.db, (await buildUser(ctx.db)).id, { image: imageUrlOf(used) });
        for (const key of [used, orphan]) expect((await ctx.app.inject({ url: `/upload/w_200/${key}` })).statusCode).toBe(200);

        // Right now both are young: the orphan's deck may still be on its way from another instance.
        expect(await sweepOrphanImages(ctx.db, ctx.app.images)).toBe(0);
        expect((await backend.stored()).filter((k) => k.endsWith(orphan))).toHaveLength(2);

        // Later, the orphan is gone with its copy, the image in use stays.
        const later = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
        expect(await sweepOrphanImages(ctx.db, ctx.app.images, later)).toBe(1);
        const stored = await backend.stored();
        expect(stored.filter((k) => k.endsWith(orphan))).toEqual([]);
        expect(stored.filter((k) => k.endsWith(used))).toEqual([used, `w_200/${used}`]);
        expect((await ctx.app.inject({ url: imageUrlOf(used) })).statusCode).toBe(200);
        expect((await ctx.app.inject({ url: imageUrlOf(orphan) })).statusCode).toBe(404);
      });

      if (name === 'folder') {
        test('removes the temporary files a crash left behind once they are old, and keeps the images', async () => {
          const key = await ctx.app.images.save(await pngImage(600, 1200));
          await buildDeck(ctx.db, (await buildUser(ctx.db)).id, { image: imageUrlOf(key) });
          expect((await ctx.app.inject({ url: `/upload/w_400/${key}` })).statusCode).toBe(200);
          // What a process killed while writing leaves: a half-written original and a half-written copy.
          const root = path.join(backend.config.dataDir, 'uploads');
          for (const file of [`.${key}.4242-abcdef.tmp`, `w_400/.${key}.4242-012345.tmp`]) fs.writeFileSync(path.join(root, file), 'half');
          expect(await sweepOrphanImages(ctx.db, ctx.app.images)).toBe(0);
          expect((await backend.stored()).filter((k) => k.endsWith('.tmp'))).toHaveLength(2);

          await sweepOrphanImages(ctx.db, ctx.app.images, new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000));
          const stored = await backend.stored();
          expect(stored.filter((k) => k.endsWith('.tmp'))).toEqual([]);
          expect(stored).toEqual(expect.arrayContaining([key, `w_400/${key}`]));
        });
      }
    },
    async () => ({ config: await backend.fresh() }),
  );
});
