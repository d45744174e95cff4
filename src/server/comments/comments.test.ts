import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import type { Comment } from '../../common/api/comments';

describeEachDatabase('comments API', (ctx) => {
  let alice: TestUser;
  let bob: TestUser;
  let deckId: string;

  beforeAll(async () => {
    alice = await buildUser(ctx.db);
    bob = await buildUser(ctx.db);
    deckId = await buildDeck(ctx.db, alice.id);
  });

  const post = (user: TestUser | null, body: object, id = deckId) =>
    ctx.app.inject({ method: 'POST', url: `/api/comments/post/${id}`, headers: user ? { cookie: user.cookie } : {}, payload: body });

  test("the author is the signed-in user, never the body's username", async () => {
    const res = await post(bob, { username: alice.username, comment: 'Nice deck!' });
    expect(res.statusCode).toBe(201);
    expect(json<Comment>(res)).toMatchObject({ Username: bob.username, Comment: 'Nice deck!' });
    const list = json<Comment[]>(await ctx.app.inject({ url: `/api/comments/get/${deckId}` }));
    expect(list.map((c) => [c.Username, c.Comment])).toContainEqual([bob.username, 'Nice deck!']);
  });

  test('guests cannot comment; empty, oversized and unknown-deck comments are refused', async () => {
    expect((await post(null, { comment: 'hi' })).statusCode).toBe(401);
    expect((await post(bob, { comment: '   ' })).statusCode).toBe(400);
    expect((await post(bob, { comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await post(bob, { comment: 'hi' }, '0123456789abcdef01234567')).statusCode).toBe(404);
  });

  test('only the author deletes a comment', async () => {
    const comment = json<Comment>(await post(bob, { comment: 'to delete' }));
    const url = `/api/comments/delete/${comment._id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: alice.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: bob.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
  });

  test('comments list in the order they were posted', async () => {
    const otherDeck = await buildDeck(ctx.db, alice.id);
    for (const text of ['first', 'second', 'third']) await post(alice, { comment: text }, otherDeck);
    const list = json<Comment[]>(await ctx.app.inject({ url: `/api/comments/get/${otherDeck}` }));
    expect(list.map((c) => c.Comment)).toEqual(['first', 'second', 'third']);
  });
});
