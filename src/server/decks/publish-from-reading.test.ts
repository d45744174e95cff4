// Publishing from a screenshot reading: the deck takes the image stored at the upload (no second
// upload), the outcome is stored beside the reading, and only its uploader may use it, once.
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser } from '../../../test/support/factories';
import { expectedScreenshotDeck, formWith, importRealCatalog, pngImage } from '../../../test/support/images';
import { MESSAGES } from '../../common/messages';
import { COLLECTIONS } from '../../common/game';
import type { Deck } from '../../common/api/decks';
import { imageUrlOf } from '../images/image-store';
import { saveReading } from '../readings/reading-store';

describeEachDatabase('POST /api/decks/post/ from a reading', (ctx) => {
  test('reuses the reading image and records what was kept and changed; nobody else and never twice', async () => {
    await importRealCatalog(ctx.db);
    const owner = await buildUser(ctx.db);
    const other = await buildUser(ctx.db);
    const expected = expectedScreenshotDeck();
    const imageKey = await ctx.app.images.save(await pngImage());
    // The reader confused the first two cards with each other's neighbours: tile 1 read as card 3.
    const tiles = expected.cards.map((c) => ({ ...c, confidence: 0.9, alternatives: [] }));
    tiles[0] = { ...tiles[2]! };
    const readingId = await saveReading(ctx.db, {
      userId: owner.id,
      imageKey,
      tiles,
      deckCode: 'UH42XE',
      path: 'grid',
      readMs: 900,
    });
    const fields = {
      readingId,
      title: 'From a reading',
      description: '',
      collections: JSON.stringify([COLLECTIONS[0].code]),
      cards: JSON.stringify(expected.cards.map((c) => c.name)),
      cardCodes: JSON.stringify(expected.cards.map((c) => c.code)),
      deckcode: 'UH42XD',
    };
    const post = (cookie: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/decks/post/', headers: { cookie }, payload: formWith(fields) });

    const stranger = await post(other.cookie);
    expect(stranger.statusCode).toBe(410);
    expect(json(stranger)).toMatchObject({ message: MESSAGES.upload.readingUnavailable });

    const res = await post(owner.cookie);
    expect(res.statusCode).toBe(201);
    const deck = json<Deck>(res);
    expect(deck.image).toBe(imageUrlOf(imageKey));

    const row = await ctx.db.selectFrom('readings').selectAll().where('id', '=', readingId).executeTakeFirstOrThrow();
    expect(row.deck_id).toBe(deck._id);
    const outcome = JSON.parse(row.outcome!);
    expect(outcome.changed).toEqual([
      { read: { code: expected.cards[2]!.code, name: expected.cards[2]!.name }, published: expected.cards[0] },
    ]);
    expect(outcome.kept).toHaveLength(expected.cards.length - 1);
    expect(outcome.deckCode).toEqual({ read: 'UH42XE', published: 'UH42XD', kept: false });

    expect((await post(owner.cookie)).statusCode).toBe(410);
  });
});
