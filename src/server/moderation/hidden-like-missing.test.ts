// A hidden deck, and every comment on it, answer exactly as a missing one does — status and body —
// on every route that takes a deck or comment id, for everyone but the author and moderators
// (issue 33 L4: similar decks answered 200 and a report of its comment 201 where missing was 404).
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import { createComment } from '../comments/comment-store';

const MISSING_ID = '0123456789abcdef01234567';

describeEachDatabase('a hidden deck looks like a missing one', (ctx) => {
  let author: TestUser;
  let commenter: TestUser;
  let stranger: TestUser;
  let moderator: TestUser;
  let hiddenDeck: string;
  let commentOnHidden: string;

  beforeAll(async () => {
    author = await buildUser(ctx.db);
    commenter = await buildUser(ctx.db);
    stranger = await buildUser(ctx.db);
    moderator = await buildUser(ctx.db, { role: 'moderator' });
    hiddenDeck = await buildDeck(ctx.db, author.id);
    commentOnHidden = (
      await createComment(ctx.db, { deckId: hiddenDeck, userId: commenter.id, body: 'before it was hidden' })
    )._id;
    const hidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      headers: { cookie: moderator.cookie },
      payload: { action: 'hide', itemType: 'deck', itemId: hiddenDeck },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
  });

  /** Every route taking a deck id (`d`) or a comment id (`c`), as `cookie` calls it. */
  const routes: [string, (ids: { d: string; c: string }, cookie: string) => Promise<LightMyRequestResponse>][] = [
    ['GET onedeck', ({ d }, cookie) => ctx.app.inject({ url: `/api/decks/onedeck/${d}`, headers: { cookie } })],
    ['GET similar', ({ d }, cookie) => ctx.app.inject({ url: `/api/decks/onedeck/${d}/similar`, headers: { cookie } })],
    ['GET text', ({ d }, cookie) => ctx.app.inject({ url: `/api/decks/onedeck/${d}/text`, headers: { cookie } })],
    [
      'POST vote',
      ({ d }, cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/decks/onedeck/${d}`,
          headers: { cookie },
          payload: { change: 'increase' },
        }),
    ],
    ['GET comments', ({ d }, cookie) => ctx.app.inject({ url: `/api/comments/get/${d}`, headers: { cookie } })],
    [
      'POST comment',
      ({ d }, cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/comments/post/${d}`,
          headers: { cookie },
          payload: { comment: 'hi' },
        }),
    ],
    [
      'POST editdeck',
      ({ d }, cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/decks/editdeck/${d}`,
          headers: { cookie },
          payload: { title: 'Mine now' },
        }),
    ],
    [
      'DELETE deleteone',
      ({ d }, cookie) => ctx.app.inject({ method: 'DELETE', url: `/api/decks/deleteone/${d}`, headers: { cookie } }),
    ],
    [
      'report deck',
      ({ d }, cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie },
          payload: { itemType: 'deck', itemId: d, reason: 'x' },
        }),
    ],
    [
      'report comment',
      ({ c }, cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie },
          payload: { itemType: 'comment', itemId: c, reason: 'x' },
        }),
    ],
    [
      'DELETE comment',
      ({ c }, cookie) => ctx.app.inject({ method: 'DELETE', url: `/api/comments/delete/${c}`, headers: { cookie } }),
    ],
  ];
  const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });

  test.each(routes)(
    '%s: the same status and body as for a missing id, for a guest, a stranger and even the comment author',
    async (_, call) => {
      for (const user of [null, stranger, commenter]) {
        const cookie = user?.cookie ?? '';
        const missing = answer(await call({ d: MISSING_ID, c: MISSING_ID }, cookie));
        const hidden = answer(await call({ d: hiddenDeck, c: commentOnHidden }, cookie));
        expect(missing.status).toBeGreaterThanOrEqual(400);
        expect(hidden, `as ${user ? user.username : 'a guest'}`).toEqual(missing);
      }
    },
  );

  test('the author and moderators still read it and its similar decks', async () => {
    for (const user of [author, moderator]) {
      expect(
        (await ctx.app.inject({ url: `/api/decks/onedeck/${hiddenDeck}`, headers: { cookie: user.cookie } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await ctx.app.inject({ url: `/api/decks/onedeck/${hiddenDeck}/similar`, headers: { cookie: user.cookie } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await ctx.app.inject({ url: `/api/comments/get/${hiddenDeck}`, headers: { cookie: user.cookie } })).statusCode,
      ).toBe(200);
    }
  });
});
