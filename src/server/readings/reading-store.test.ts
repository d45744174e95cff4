// Readings on both databases: only their uploader publishes from them, once; the sweep removes
// the unpublished ones older than a day with their images, and the orphan sweep leaves their images.
import { imageUrlOf } from '../images/image-store';
import { sweepOrphanImages } from '../images/orphan-sweep';
import { compareReading } from './reading-outcome';
import {
  READING_KEEP_MS,
  publishableReading,
  recordPublishOutcome,
  saveReading,
  sweepUnpublishedReadings,
} from './reading-store';
import { startReadingSweep } from './reading-sweep';
import { describeEachDatabase, type TestContext } from '../../../test/support/test-app';
import { buildDeck, buildUser, cardNames } from '../../../test/support/factories';
import { pngImage } from '../../../test/support/images';

const tiles = cardNames(3).map((c) => ({ ...c, confidence: 0.9, alternatives: [] }));

async function readingOf(ctx: TestContext, userId: string, at = new Date()) {
  const imageKey = await ctx.app.images.save(await pngImage(300, 600));
  const id = await saveReading(
    ctx.db,
    { userId, imageKey, tiles, deckCode: 'ABC123', path: 'grid', readMs: 812.4 },
    at,
  );
  return { id, imageKey };
}

const isStored = async (ctx: TestContext, key: string) => (await ctx.app.images.original(key)) !== null;

describeEachDatabase('screenshot readings', (ctx) => {
  test('only the uploader may publish from a reading, and only once; the outcome is stored beside it', async () => {
    const owner = await buildUser(ctx.db);
    const other = await buildUser(ctx.db);
    const { id, imageKey } = await readingOf(ctx, owner.id);

    expect(await publishableReading(ctx.db, id, other.id)).toBeNull();
    const reading = await publishableReading(ctx.db, id, owner.id);
    expect(reading).toMatchObject({ imageKey, tiles, deckCode: 'ABC123', path: 'grid', readMs: 812 });

    const deckId = await buildDeck(ctx.db, owner.id, { image: imageUrlOf(imageKey) });
    const outcome = compareReading(
      { cards: reading!.tiles, deckCode: reading!.deckCode },
      { cards: cardNames(2), deckCode: 'ABC124' },
    );
    expect(await recordPublishOutcome(ctx.db, id, deckId, outcome)).toBe(true);
    expect(await recordPublishOutcome(ctx.db, id, deckId, outcome)).toBe(false);
    expect(await publishableReading(ctx.db, id, owner.id)).toBeNull();

    const row = await ctx.db.selectFrom('readings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deck_id).toBe(deckId);
    expect(JSON.parse(row.outcome!)).toMatchObject({
      kept: cardNames(2),
      removed: [cardNames(3)[2]],
      deckCode: { read: 'ABC123', published: 'ABC124', kept: false },
    });
  });

  test('the sweep removes readings never published after a day, with their images; young and published ones stay', async () => {
    const user = await buildUser(ctx.db);
    const now = new Date();
    const old = await readingOf(ctx, user.id, new Date(now.getTime() - READING_KEEP_MS - 60_000));
    const young = await readingOf(ctx, user.id, new Date(now.getTime() - READING_KEEP_MS + 60_000));
    const published = await readingOf(ctx, user.id, new Date(now.getTime() - 2 * READING_KEEP_MS));
    const deckId = await buildDeck(ctx.db, user.id, { image: imageUrlOf(published.imageKey) });
    const outcome = compareReading({ cards: tiles, deckCode: null }, { cards: tiles, deckCode: 'ABC123' });
    await recordPublishOutcome(ctx.db, published.id, deckId, outcome);

    // The start-up orphan sweep leaves an image its reading still waits to publish.
    await sweepOrphanImages(ctx.db, ctx.app.images);
    expect(await isStored(ctx, old.imageKey)).toBe(true);

    expect(await sweepUnpublishedReadings(ctx.db, ctx.app.images, now)).toBe(1);
    const left = await ctx.db.selectFrom('readings').select('id').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.id).sort()).toEqual([young.id, published.id].sort());
    expect(await isStored(ctx, old.imageKey)).toBe(false);
    expect(await isStored(ctx, young.imageKey)).toBe(true);
    expect(await isStored(ctx, published.imageKey)).toBe(true);
  });

  test('the server sweep runs at start and on its interval, on its clock', async () => {
    const user = await buildUser(ctx.db);
    const reading = await readingOf(ctx, user.id);
    let now = new Date();
    const stop = startReadingSweep(ctx.db, ctx.app.images, ctx.app.log, 20, () => now);
    try {
      now = new Date(now.getTime() + READING_KEEP_MS + 60_000);
      await vi.waitFor(async () => expect(await isStored(ctx, reading.imageKey)).toBe(false));
      expect(await ctx.db.selectFrom('readings').select('id').where('id', '=', reading.id).execute()).toEqual([]);
    } finally {
      stop();
    }
  });
});
