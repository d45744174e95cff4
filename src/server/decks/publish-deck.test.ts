// POST /api/decks/post/: the rules, the stored image and its deck, and what a failure leaves behind.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { MESSAGES } from '../../common/messages';
import { COLLECTIONS, TAGS } from '../../common/game';
import type { Deck } from '../../common/api/decks';
import {
  expectedScreenshotDeck,
  filesUnder,
  formWith,
  importRealCatalog,
  jpegWithExif,
  pngImage,
} from '../../../test/support/images';

const NAMES = expectedScreenshotDeck().cards.map((c) => c.name);

describeEachDatabase('POST /api/decks/post/', (ctx) => {
  let user: TestUser;
  let image: Buffer;
  const uploadsDir = () => path.join(ctx.config.dataDir, 'uploads');
  const deckCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('decks')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (form: FormData, cookie = user.cookie) =>
    ctx.app.inject({ method: 'POST', url: '/api/decks/post/', headers: { cookie }, payload: form });
  const goodFields = (overrides: Record<string, string | string[] | undefined> = {}) => ({
    title: 'Spies and Tarot',
    description: 'Cheap combo deck.',
    albums: JSON.stringify(['History', 'Arts & Culture']),
    collections: JSON.stringify([COLLECTIONS[0].code]),
    tags: JSON.stringify([TAGS[0].name]),
    cards: JSON.stringify(NAMES),
    deckcode: 'UH42XD',
    ...overrides,
  });

  beforeAll(async () => {
    await importRealCatalog(ctx.db);
    user = await buildUser(ctx.db);
    image = await pngImage();
  });

  test('publishes the deck for the signed-in user, with its image served full size and at width 400', async () => {
    const profile = async () =>
      json<{ decks: Deck[] }>(await ctx.app.inject({ url: `/api/decks/${user.username}?page=1&limit=12` })).decks.map(
        (d) => d._id,
      );
    // Read before, so that the profile's answer is in memory when the deck is published.
    const before = await profile();
    const res = await post(
      formWith(
        { ...goodFields(), user: 'SomeoneElse', email: 'x@y.z' },
        { bytes: await jpegWithExif(1200, 1600), type: 'image/jpeg', filename: 'deck.jpg' },
      ),
    );
    expect(res.statusCode).toBe(201);
    const deck = json<Deck>(res);
    expect(deck).toMatchObject({
      title: 'Spies and Tarot',
      user: user.username,
      deckcode: 'UH42XD',
      description: 'Cheap combo deck.',
      cards: NAMES,
      albums: expect.arrayContaining(['History', 'Arts & Culture']),
      collections: [COLLECTIONS[0].code],
      tags: [TAGS[0].name],
      score: 0,
    });
    expect(deck.image).toMatch(/^\/upload\/[0-9a-f]{24}\.webp$/);

    const full = await ctx.app.inject({ url: deck.image });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.exif]).toEqual(['webp', 1200, undefined]);

    const small = await ctx.app.inject({ url: deck.image.replace('/upload/', '/upload/w_400/') });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);

    expect(before).not.toContain(deck._id);
    expect(await profile()).toContain(deck._id);
  });

  test('takes lists as repeated fields too, and card names in any case or accents', async () => {
    const cards = ['cano cristales', ...NAMES.slice(0, 4).map((n) => n.toUpperCase())];
    const res = await post(
      formWith(goodFields({ albums: ['Space', 'Science'], collections: undefined, tags: '', cards }), { bytes: image }),
    );
    expect(res.statusCode).toBe(201);
    const deck = json<Deck>(res);
    expect(deck.albums.sort()).toEqual(['Science', 'Space']);
    expect(deck.tags).toEqual([]);
    expect(deck.cards).toEqual(['Caño Cristales', ...NAMES.slice(0, 4)]);
  });

  describe('refuses, storing nothing', () => {
    let decksBefore: number;
    let filesBefore: string[];
    beforeAll(async () => {
      decksBefore = await deckCount();
      filesBefore = filesUnder(uploadsDir());
    });
    afterAll(async () => {
      expect(await deckCount()).toBe(decksBefore);
      expect(filesUnder(uploadsDir())).toEqual(filesBefore);
    });

    test.each([
      ['no title', { title: undefined }, MESSAGES.upload.titleRequired],
      ['a blank title', { title: '   ' }, MESSAGES.upload.titleRequired],
      ['4 cards', { cards: JSON.stringify(NAMES.slice(0, 4)) }, MESSAGES.upload.tooFewCards],
      ['no cards', { cards: undefined }, MESSAGES.upload.tooFewCards],
      ['19 cards', { cards: JSON.stringify([...NAMES, 'Sir Lancelot']) }, 'A deck has at most 18 cards.'],
      [
        'a card not in the catalog',
        { cards: JSON.stringify([...NAMES.slice(0, 5), 'Definitely Not A Card']) },
        'Not in the card catalog: Definitely Not A Card.',
      ],
      [
        'no album, collection or tag',
        { albums: '[]', collections: undefined, tags: '[]' },
        MESSAGES.upload.categoryRequired,
      ],
      ['an unknown album', { albums: JSON.stringify(['Space', 'Cooking']) }, 'Unknown album: "Cooking".'],
      ['an unknown collection', { collections: 'NOPE' }, 'Unknown collection: "NOPE".'],
      ['an unknown tag', { tags: ['Budget', 'Not a tag'] }, 'Unknown tag: "Not a tag".'],
    ])('%s', async (_, overrides, message) => {
      const res = await post(formWith(goodFields(overrides), { bytes: image }));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Bad Request', message });
    });

    test('no image', async () => {
      const res = await post(formWith(goodFields()));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Bad Request', message: MESSAGES.upload.imageRequired });
    });

    test('a text file named .png', async () => {
      const res = await post(
        formWith(goodFields(), { bytes: Buffer.from('not an image at all'), filename: 'deck.png', type: 'image/png' }),
      );
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toMatch(/^Please upload a valid image file\./);
    });

    test('a guest or a user without e-mail', async () => {
      const guest = await post(formWith(goodFields(), { bytes: image }), '');
      expect(guest.statusCode).toBe(401);
      const noEmail = await buildUser(ctx.db, { email: null });
      const res = await post(formWith(goodFields(), { bytes: image }), noEmail.cookie);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ error: 'Unauthorized' });
    });

    test('a deck insert that fails half way leaves neither the deck nor its file', async () => {
      // A real failure inside the insert transaction: the tag rows are refused after the deck row went in.
      if (ctx.dbName === 'sqlite') {
        await sql`CREATE TRIGGER refuse_tags BEFORE INSERT ON deck_tags BEGIN SELECT RAISE(ABORT, 'forced failure'); END`.execute(
          ctx.db,
        );
      } else {
        await sql`CREATE FUNCTION refuse_tags() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$ LANGUAGE plpgsql`.execute(
          ctx.db,
        );
        await sql`CREATE TRIGGER refuse_tags BEFORE INSERT ON deck_tags FOR EACH ROW EXECUTE FUNCTION refuse_tags()`.execute(
          ctx.db,
        );
      }
      try {
        const res = await post(formWith(goodFields(), { bytes: image }));
        expect(res.statusCode).toBe(500);
        expect(json(res)).toEqual({ error: 'Internal Server Error', message: 'Something went wrong on our side.' });
      } finally {
        if (ctx.dbName === 'sqlite') await sql`DROP TRIGGER refuse_tags`.execute(ctx.db);
        else await sql`DROP FUNCTION refuse_tags() CASCADE`.execute(ctx.db);
      }
    });
  });

  test('deleting a deck deletes its image and resized copies', async () => {
    const deck = json<Deck>(await post(formWith(goodFields(), { bytes: image })));
    const resized = await ctx.app.inject({ url: deck.image.replace('/upload/', '/upload/w_200/') });
    expect(resized.statusCode).toBe(200);
    const key = path.basename(deck.image);
    expect(filesUnder(uploadsDir()).filter((f) => f.endsWith(key))).toHaveLength(2);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/decks/deleteone/${deck._id}`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(filesUnder(uploadsDir()).filter((f) => f.endsWith(key))).toEqual([]);
    expect((await ctx.app.inject({ url: deck.image })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: deck.image.replace('/upload/', '/upload/w_200/') })).statusCode).toBe(404);
  });

  test.each([
    '/upload/..%2Fdeckhub.sqlite',
    '/upload/..%2F..%2F..%2Fetc%2Fpasswd',
    '/upload/%2e%2e%2fdeckhub.sqlite',
    '/upload/w_400/..%2F..%2Fdeckhub.sqlite',
    '/upload/w_400/%2e%2e',
    '/upload/..',
    '/upload/w_400/.',
  ])('path traversal %s is a 404', async (url) => {
    fs.writeFileSync(path.join(ctx.config.dataDir, 'secret.txt'), 'secret');
    const res = await ctx.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('SQLite');
  });
});
