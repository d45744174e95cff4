// Upload → publish → recognition figures, on both databases, with the real reader on the real
// share screenshot: the reading is kept at upload, the player's corrections at publish, and the
// moderators' figures count them.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { OcrService } from '../ocr/runtime/ocr-service';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser } from '../../../test/support/factories';
import { formWith, importRealCatalog } from '../../../test/support/images';
import { REAL_SCREENSHOT, loadRealCatalog } from '../../../test/support/real-data';
import { COLLECTIONS, startOfGameWeek } from '../../common/game';
import type { UploadImageResult } from '../../common/api/uploads';
import type { Deck } from '../../common/api/decks';
import type { Recognition } from '../../common/api/recognition';
import { imageUrlOf } from '../images/image-store';

describeEachDatabase('GET /api/moderation/recognition', (ctx) => {
  let app: FastifyInstance;
  let ocr: OcrService;
  beforeAll(async () => {
    await importRealCatalog(ctx.db);
    ocr = await OcrService.start(ctx.db, { pool: { size: 1 } });
    app = await buildApp({ config: ctx.config, db: ctx.db, dialect: ctx.app.dialect, ocr });
  });
  afterAll(async () => {
    await app?.close();
    await ocr?.close();
  });

  test('counts the upload, the published reading, the card changed and the deck code changed', async () => {
    const player = await buildUser(ctx.db);
    const moderator = await buildUser(ctx.db, { role: 'moderator' });

    const upload = await app.inject({
      method: 'POST',
      url: '/api/uploadimage/',
      headers: { cookie: player.cookie },
      payload: formWith({}, { bytes: fs.readFileSync(REAL_SCREENSHOT), type: 'image/jpeg', filename: 'deck.jpg' }),
    });
    expect(upload.statusCode).toBe(200);
    const read = json<UploadImageResult>(upload);
    expect(read.readingId).toEqual(expect.any(String));

    // The player swaps the first card read for another and fixes the last letter of the code.
    const first = read.detected[0]!;
    const inDeck = new Set(read.detected.map((c) => c.code));
    const swap = loadRealCatalog().find((card) => !inDeck.has(card.code) && card.name !== first.name)!;
    const cards = [{ code: swap.code, name: swap.name }, ...read.detected.slice(1)];
    const deckcode = `${read.deck_code!.slice(0, -1)}${read.deck_code!.endsWith('A') ? 'B' : 'A'}`;
    const post = await app.inject({
      method: 'POST',
      url: '/api/decks/post/',
      headers: { cookie: player.cookie },
      payload: formWith({
        readingId: read.readingId,
        title: 'Read and corrected',
        description: '',
        collections: JSON.stringify([COLLECTIONS[0].code]),
        cards: JSON.stringify(cards.map((c) => c.name)),
        cardCodes: JSON.stringify(cards.map((c) => c.code)),
        deckcode,
      }),
    });
    expect(post.statusCode).toBe(201);
    const deck = json<Deck>(post);
    const reading = await ctx.db
      .selectFrom('readings')
      .select('image_key')
      .where('id', '=', read.readingId!)
      .executeTakeFirstOrThrow();
    // One upload of the image, not two: the deck shows the image the reading kept.
    expect(deck.image).toBe(imageUrlOf(reading.image_key));

    const res = await app.inject({
      method: 'GET',
      url: '/api/moderation/recognition',
      headers: { cookie: moderator.cookie },
    });
    expect(res.statusCode).toBe(200);
    const figures = json<Recognition>(res);
    const totals = {
      uploads: 1,
      published: 1,
      cardsRead: read.detected.length,
      cardsChanged: 1,
      codesChanged: 1,
      medianReadMs: expect.any(Number),
    };
    expect(figures.totals).toEqual(totals);
    expect(figures.weekly).toEqual([{ week: startOfGameWeek(new Date()).toISOString(), ...totals }]);
    expect(figures.confusions).toEqual([
      { read: { code: first.code, name: first.name }, published: { code: swap.code, name: swap.name }, count: 1 },
    ]);
    expect(figures.mostCorrected).toEqual([
      { deckId: deck._id, title: 'Read and corrected', cardCorrections: 1, codeChanged: true },
    ]);
  });

  test('moderators only: 401 signed out, 403 for a player', async () => {
    const player = await buildUser(ctx.db);
    const asPlayer = await app.inject({
      method: 'GET',
      url: '/api/moderation/recognition',
      headers: { cookie: player.cookie },
    });
    expect(asPlayer.statusCode).toBe(403);
    expect(json(asPlayer)).toMatchObject({ error: 'Forbidden' });
    const signedOut = await app.inject({ method: 'GET', url: '/api/moderation/recognition' });
    expect(signedOut.statusCode).toBe(401);
  });
});
