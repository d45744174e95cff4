import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import type { Comment } from '../../common/api/comments';
import type { Deck, DecksPage } from '../../common/api/decks';
import type { ModerationLogEntry, ModerationQueue } from '../../common/api/moderation';
import { createComment } from '../comments/comment-store';
import { REPORTS_PER_ACCOUNT_PER_HOUR } from './routes';

describeEachDatabase('reports and moderation', (ctx) => {
  let author: TestUser;
  let reader: TestUser;
  let other: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    author = await buildUser(ctx.db);
    reader = await buildUser(ctx.db);
    other = await buildUser(ctx.db);
    moderator = await buildUser(ctx.db, { role: 'moderator' });
  });

  const as = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
  const report = (user: TestUser | null, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/reports', headers: as(user), payload });
  const act = (user: TestUser | null, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/moderation/actions', headers: as(user), payload });
  const queue = (user: TestUser | null, url = '/api/moderation/queue') => ctx.app.inject({ url, headers: as(user) });
  /** Every item of the queue, following its `Link` header from page to page. */
  const allItems = async () => {
    const items: ModerationQueue['items'] = [];
    for (let url: string | undefined = '/api/moderation/queue'; url;) {
      const res = await queue(moderator, url);
      items.push(...json<ModerationQueue>(res).items);
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    return items;
  };
  const search = async (body: object = {}, user: TestUser | null = null) =>
    json<DecksPage>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/decks/search-decks?page=1&limit=100',
        headers: as(user),
        payload: body,
      }),
    );

  describe('reports', () => {
    test('any signed-in user reports a deck or a comment once; twice is a 409 with a clear message', async () => {
      const deckId = await buildDeck(ctx.db, author.id);
      const first = await report(reader, { itemType: 'deck', itemId: deckId, reason: 'Spam' });
      expect(first.statusCode, first.body).toBe(201);
      expect(json(first)).toMatchObject({ itemType: 'deck', itemId: deckId, reason: 'Spam' });
      const again = await report(reader, { itemType: 'deck', itemId: deckId, reason: 'Still spam' });
      expect(again.statusCode).toBe(409);
      expect(json(again)).toEqual({ error: 'Conflict', message: 'You have already reported this deck.' });
      // Another user may report the same deck.
      expect((await report(other, { itemType: 'deck', itemId: deckId, reason: 'Spam' })).statusCode).toBe(201);

      const comment = await createComment(ctx.db, { deckId, userId: author.id, body: 'rude' });
      expect((await report(reader, { itemType: 'comment', itemId: comment._id, reason: 'Rude' })).statusCode).toBe(201);
      const twice = await report(reader, { itemType: 'comment', itemId: comment._id, reason: 'Rude' });
      expect(twice.statusCode).toBe(409);
      expect(json(twice)).toMatchObject({ message: 'You have already reported this comment.' });
    });

    test('two reports sent at once by the same user make one', async () => {
      const deckId = await buildDeck(ctx.db, author.id);
      const answers = await Promise.all(
        [1, 2, 3].map(() => report(reader, { itemType: 'deck', itemId: deckId, reason: 'x' })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
      const rows = await ctx.db.selectFrom('reports').select('id').where('item_id', '=', deckId).execute();
      expect(rows).toHaveLength(1);
    });

    test(`an account sends at most ${REPORTS_PER_ACCOUNT_PER_HOUR} reports an hour (repeats of one item do not count); then 429`, async () => {
      const busy = await buildUser(ctx.db);
      const decks = [];
      for (let i = 0; i <= REPORTS_PER_ACCOUNT_PER_HOUR; i++) decks.push(await buildDeck(ctx.db, author.id));
      expect((await report(busy, { itemType: 'deck', itemId: decks[0], reason: 'x' })).statusCode).toBe(201);
      for (let i = 0; i < 3; i++)
        expect((await report(busy, { itemType: 'deck', itemId: decks[0], reason: 'x' })).statusCode).toBe(409);
      for (let i = 1; i < REPORTS_PER_ACCOUNT_PER_HOUR; i++)
        expect((await report(busy, { itemType: 'deck', itemId: decks[i], reason: 'x' })).statusCode).toBe(201);
      const refused = await report(busy, {
        itemType: 'deck',
        itemId: decks[REPORTS_PER_ACCOUNT_PER_HOUR],
        reason: 'x',
      });
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toMatchObject({
        error: 'Too Many Requests',
        message: expect.stringContaining('You have sent many reports in a short time.'),
      });
      expect(refused.headers['retry-after']).toBeDefined();
    });

    test('guests cannot report; a missing reason, an unknown item or type is refused', async () => {
      const deckId = await buildDeck(ctx.db, author.id);
      expect((await report(null, { itemType: 'deck', itemId: deckId, reason: 'x' })).statusCode).toBe(401);
      const empty = await report(reader, { itemType: 'deck', itemId: deckId, reason: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(json(empty)).toMatchObject({ error: 'Bad Request' });
      expect((await report(reader, { itemType: 'deck', itemId: deckId, reason: 'x'.repeat(501) })).statusCode).toBe(
        400,
      );
      expect((await report(reader, { itemType: 'user', itemId: deckId, reason: 'x' })).statusCode).toBe(400);
      expect(
        (await report(reader, { itemType: 'deck', itemId: '0123456789abcdef01234567', reason: 'x' })).statusCode,
      ).toBe(404);
      expect((await report(reader, { itemType: 'comment', itemId: deckId, reason: 'x' })).statusCode).toBe(404);
    });
  });

  describe('permissions', () => {
    test('only moderators read the queue and act: a guest gets 401, a user 403, even on their own deck', async () => {
      const deckId = await buildDeck(ctx.db, author.id);
      expect((await queue(null)).statusCode).toBe(401);
      expect((await queue(reader)).statusCode).toBe(403);
      expect((await queue(moderator)).statusCode).toBe(200);
      for (const user of [reader, author]) {
        for (const action of ['hide', 'restore', 'dismiss']) {
          const res = await act(user, { itemType: 'deck', itemId: deckId, action });
          expect(res.statusCode).toBe(403);
          expect(json(res)).toEqual({ error: 'Forbidden', message: 'You are not allowed to do that.' });
        }
      }
      expect((await act(null, { itemType: 'deck', itemId: deckId, action: 'hide' })).statusCode).toBe(401);
      // Nothing changed, nothing was logged.
      expect(
        (await ctx.db.selectFrom('decks').select('hidden_at').where('id', '=', deckId).executeTakeFirstOrThrow())
          .hidden_at,
      ).toBeNull();
      expect(await ctx.db.selectFrom('moderation_log').select('id').where('item_id', '=', deckId).execute()).toEqual(
        [],
      );
    });

    test('a user with no e-mail (a guest account) cannot act even with a moderator role', async () => {
      const guestModerator = await buildUser(ctx.db, { email: null, role: 'moderator' });
      expect((await queue(guestModerator)).statusCode).toBe(401);
    });

    test('the session tells a moderator so, and nobody else', async () => {
      expect(json(await ctx.app.inject({ url: '/api/session', headers: as(moderator) }))).toMatchObject({
        isModerator: true,
      });
      expect(json(await ctx.app.inject({ url: '/api/session', headers: as(reader) }))).not.toHaveProperty(
        'isModerator',
      );
    });
  });

  describe('hiding a deck', () => {
    let deckId: string;
    let title: string;
    beforeAll(async () => {
      title = `Hideme ${Date.now()}`;
      deckId = await buildDeck(ctx.db, author.id, { title, albums: ['History'], tags: ['Budget'] });
    });

    test('hidden: gone from search, counts, user lists and the deck page for others; the author and moderators see it marked', async () => {
      const before = await search({ albums: ['History'] });
      const allBefore = await search();
      expect(before.decks.map((d) => d._id)).toContain(deckId);
      // Warm the kept answers, so the test also shows the hide evicts them.
      expect((await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` })).statusCode).toBe(200);

      await report(reader, { itemType: 'deck', itemId: deckId, reason: 'Off-topic' });
      const hidden = await act(moderator, { itemType: 'deck', itemId: deckId, action: 'hide' });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(json<ModerationLogEntry>(hidden)).toMatchObject({
        moderator: moderator.username,
        action: 'hide',
        itemType: 'deck',
        itemId: deckId,
      });

      const after = await search({ albums: ['History'] });
      expect(after.decks.map((d) => d._id)).not.toContain(deckId);
      expect(after.totalDecks).toBe(before.totalDecks - 1);
      expect((await search({ albums: ['History'], tags: ['Budget'] })).decks.map((d) => d._id)).not.toContain(deckId);
      expect((await search()).totalDecks).toBe(allBefore.totalDecks - 1);
      expect((await search({ user: author.username })).decks.map((d) => d._id)).not.toContain(deckId);

      // Others: 404 everywhere, as if it did not exist.
      for (const user of [null, reader]) {
        expect((await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}`, headers: as(user) })).statusCode).toBe(404);
        expect((await ctx.app.inject({ url: `/api/comments/get/${deckId}`, headers: as(user) })).statusCode).toBe(404);
        const list = json<DecksPage>(await ctx.app.inject({ url: `/api/decks/${author.username}`, headers: as(user) }));
        expect(list.decks.map((d) => d._id)).not.toContain(deckId);
      }
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/decks/onedeck/${deckId}`,
            headers: as(reader),
            payload: { change: 'increase' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/comments/post/${deckId}`,
            headers: as(reader),
            payload: { comment: 'hi' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await report(other, { itemType: 'deck', itemId: deckId, reason: 'x' })).statusCode).toBe(404);

      // The author and moderators: marked hidden.
      for (const user of [author, moderator]) {
        const own = await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}`, headers: as(user) });
        expect(own.statusCode).toBe(200);
        expect(json<Deck>(own)).toMatchObject({ _id: deckId, isHidden: true });
        const list = json<DecksPage>(await ctx.app.inject({ url: `/api/decks/${author.username}`, headers: as(user) }));
        expect(list.decks.find((d) => d._id === deckId)).toMatchObject({ isHidden: true });
      }
      // Visible decks never carry the mark.
      expect(before.decks.every((d) => d.isHidden === undefined)).toBe(true);

      // Hiding twice is a conflict, not a second log line.
      const twice = await act(moderator, { itemType: 'deck', itemId: deckId, action: 'hide' });
      expect(twice.statusCode).toBe(409);
      expect(json(twice)).toMatchObject({ message: 'This deck is already hidden.' });
    });

    test('the queue lists it as hidden with its closed report gone; restore brings it back everywhere', async () => {
      const q = json<ModerationQueue>(await queue(moderator));
      const item = (await allItems()).find((i) => i.itemId === deckId);
      expect(item).toMatchObject({
        itemType: 'deck',
        text: title,
        author: author.username,
        isHidden: true,
        reports: [],
      });
      expect(q.log[0]).toMatchObject({
        moderator: moderator.username,
        action: 'hide',
        itemId: deckId,
        deckId,
        deckTitle: title,
      });

      const restored = await act(moderator, { itemType: 'deck', itemId: deckId, action: 'restore' });
      expect(restored.statusCode).toBe(200);
      expect((await search({ albums: ['History'] })).decks.map((d) => d._id)).toContain(deckId);
      const page = json<Deck>(await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` }));
      expect(page.isHidden).toBeUndefined();
      expect((await act(moderator, { itemType: 'deck', itemId: deckId, action: 'restore' })).statusCode).toBe(409);

      const log = json<ModerationQueue>(await queue(moderator))
        .log.filter((l) => l.itemId === deckId)
        .map((l) => l.action);
      expect(log).toEqual(['restore', 'hide']);
      expect((await allItems()).find((i) => i.itemId === deckId)).toBeUndefined();
    });

    test('the counts from the filter tables alone leave hidden decks out too', async () => {
      const tag = 'Outdated';
      const ids = [
        await buildDeck(ctx.db, author.id, { tags: [tag] }),
        await buildDeck(ctx.db, author.id, { tags: [tag] }),
      ];
      const before = await search({ tags: [tag] });
      await act(moderator, { itemType: 'deck', itemId: ids[0], action: 'hide' });
      const after = await search({ tags: [tag] });
      expect(after.totalDecks).toBe(before.totalDecks - 1);
      expect(after.decks).toHaveLength(after.totalDecks);
      await act(moderator, { itemType: 'deck', itemId: ids[0], action: 'restore' });
      expect((await search({ tags: [tag] })).totalDecks).toBe(before.totalDecks);
    });
  });

  describe('hiding a comment', () => {
    test('others stop seeing it; its author sees it marked; moderators see it; restore shows it again', async () => {
      const deckId = await buildDeck(ctx.db, other.id);
      // Times apart, so the two list in this order (two inserts in one millisecond would tie).
      const comment = await createComment(ctx.db, {
        deckId,
        userId: author.id,
        body: 'hide me',
        createdAt: new Date('2030-01-01T00:00:00Z'),
      });
      await createComment(ctx.db, {
        deckId,
        userId: reader.id,
        body: 'keep me',
        createdAt: new Date('2030-01-01T00:00:01Z'),
      });
      const reported = await report(reader, { itemType: 'comment', itemId: comment._id, reason: 'Rude' });
      expect(reported.statusCode).toBe(201);
      const inQueue = (await allItems()).find((i) => i.itemId === comment._id);
      expect(inQueue).toMatchObject({
        itemType: 'comment',
        deckId,
        text: 'hide me',
        html: '<p>hide me</p>',
        isHidden: false,
        reports: [{ username: reader.username, reason: 'Rude' }],
      });

      expect((await act(moderator, { itemType: 'comment', itemId: comment._id, action: 'hide' })).statusCode).toBe(200);
      const texts = async (user: TestUser | null) =>
        json<Comment[]>(await ctx.app.inject({ url: `/api/comments/get/${deckId}`, headers: as(user) })).map((c) => [
          c.Comment,
          c.isHidden ?? false,
        ]);
      expect(await texts(null)).toEqual([['keep me', false]]);
      expect(await texts(reader)).toEqual([['keep me', false]]);
      expect(await texts(author)).toEqual([
        ['hide me', true],
        ['keep me', false],
      ]);
      expect(await texts(moderator)).toEqual([
        ['hide me', true],
        ['keep me', false],
      ]);
      expect((await report(other, { itemType: 'comment', itemId: comment._id, reason: 'x' })).statusCode).toBe(404);

      expect((await act(moderator, { itemType: 'comment', itemId: comment._id, action: 'restore' })).statusCode).toBe(
        200,
      );
      expect(await texts(null)).toEqual([
        ['hide me', false],
        ['keep me', false],
      ]);
      // The log names the comment's deck, so the moderator can follow the line to it.
      const deckTitle = (
        await ctx.db.selectFrom('decks').select('title').where('id', '=', deckId).executeTakeFirstOrThrow()
      ).title;
      const lines = json<ModerationQueue>(await queue(moderator)).log.filter((l) => l.itemId === comment._id);
      expect(lines.map((l) => [l.action, l.deckId, l.deckTitle])).toEqual([
        ['restore', deckId, deckTitle],
        ['hide', deckId, deckTitle],
      ]);
    });

    test('two moderators hiding at once: one hides, the other is told it is hidden; one log line', async () => {
      const second = await buildUser(ctx.db, { role: 'moderator' });
      const deckId = await buildDeck(ctx.db, other.id);
      const answers = await Promise.all(
        [moderator, second, moderator, second].map((m) => act(m, { itemType: 'deck', itemId: deckId, action: 'hide' })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(
        await ctx.db.selectFrom('moderation_log').select('id').where('item_id', '=', deckId).execute(),
      ).toHaveLength(1);
    });

    test('dismiss closes the reports and leaves the item; with none open it is a 409', async () => {
      const deckId = await buildDeck(ctx.db, other.id);
      const comment = await createComment(ctx.db, { deckId, userId: author.id, body: 'fine actually' });
      await report(reader, { itemType: 'comment', itemId: comment._id, reason: 'Hmm' });
      expect((await act(moderator, { itemType: 'comment', itemId: comment._id, action: 'dismiss' })).statusCode).toBe(
        200,
      );
      expect((await allItems()).find((i) => i.itemId === comment._id)).toBeUndefined();
      expect((await act(moderator, { itemType: 'comment', itemId: comment._id, action: 'dismiss' })).statusCode).toBe(
        409,
      );
      expect(
        (await act(moderator, { itemType: 'comment', itemId: '0123456789abcdef01234567', action: 'hide' })).statusCode,
      ).toBe(404);
      const log = json<ModerationQueue>(await queue(moderator)).log.find((l) => l.itemId === comment._id);
      expect(log).toMatchObject({ moderator: moderator.username, action: 'dismiss', itemType: 'comment' });
      expect(Date.parse(log!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    });
  });
});
