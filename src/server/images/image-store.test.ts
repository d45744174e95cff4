// Resized copies under concurrency, and what the start-up sweep clears: many first requests for
// the same width make one file without a single error, and no temporary file outlives a crash.
import fs from 'node:fs';
import path from 'node:path';
import { sweepOrphanImages } from './orphan-sweep';
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import { filesUnder, pngImage } from '../../../test/support/images';

describeEachDatabase('resized images', (ctx) => {
  test('50 concurrent first requests for one resized image: all 200, the same bytes, one file', async () => {
    const key = await ctx.app.images.save(await pngImage(1200, 2400));
    const answers = await Promise.all(Array.from({ length: 50 }, () => ctx.app.inject({ url: `/upload/w_400/${key}` })));
    const failed = answers.filter((res) => res.statusCode !== 200).map((res) => `${res.statusCode} ${res.body.slice(0, 100)}`);
    expect(failed).toEqual([]);
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
    expect(answers[0].headers['content-type']).toBe('image/webp');
    expect(fs.readdirSync(path.join(ctx.app.images.root, 'w_400'))).toEqual([key]);
  });

  test('concurrent first requests for several widths of several images: no error, one file each, no temporary file', async () => {
    const keys = await Promise.all([1, 2, 3].map(async () => ctx.app.images.save(await pngImage(900, 1800))));
    const urls = keys.flatMap((key) => ['w_200', 'w_300', 'w_600'].map((w) => `/upload/${w}/${key}`));
    const answers = await Promise.all(urls.flatMap((url) => Array.from({ length: 6 }, () => ctx.app.inject({ url }))));
    expect(answers.filter((res) => res.statusCode !== 200)).toEqual([]);
    for (const w of ['w_200', 'w_300', 'w_600']) expect(fs.readdirSync(path.join(ctx.app.images.root, w)).sort()).toEqual(expect.arrayContaining(keys));
    expect(filesUnder(ctx.app.images.root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test('the start-up sweep removes temporary files left by a crash, and keeps the images', async () => {
    const key = await ctx.app.images.save(await pngImage(600, 1200));
    expect((await ctx.app.inject({ url: `/upload/w_400/${key}` })).statusCode).toBe(200);
    // What a process killed while writing leaves: a half-written original and a half-written resized copy.
    const leftovers = [path.join(ctx.app.images.root, `.${key}.4242-abcdef.tmp`), path.join(ctx.app.images.root, 'w_400', `.${key}.4242-012345.tmp`)];
    for (const file of leftovers) fs.writeFileSync(file, 'half');
    // An image without a deck is swept too: this one has its deck.
    await buildDeck(ctx.db, (await buildUser(ctx.db)).id, { image: ctx.app.images.urlOf(key) });
    await sweepOrphanImages(ctx.db, ctx.app.images);
    expect(filesUnder(ctx.app.images.root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(fs.existsSync(ctx.app.images.pathOf(key))).toBe(true);
  });

});
