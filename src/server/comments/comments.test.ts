import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import { COMMENTS_PER_PAGE, MAX_COMMENTS_PER_PAGE, type Comment } from '../../common/api/comments';
import { createComment } from './comment-store';

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
    ctx.app.inject({
      method: 'POST',
      url: `/api/comments/post/${id}`,
      headers: user ? { cookie: user.cookie } : {},
      payload: body,
    });

  test("the author is the signed-in user, never the body's username", async () => {
    const res = await post(bob, { username: alice.username, comment: 'Nice deck!' });
    expect(res.statusCode).toBe(201);
    expect(json<Comment>(res)).toMatchObject({ Username: bob.username, Comment: 'Nice deck!' });
    const list = json<Comment[]>(await ctx.app.inject({ url: `/api/comments/get/${deckId}` }));
    expect(list.map((c) => [c.Username, c.Comment])).toContainEqual([bob.username, 'Nice deck!']);
  });

  test('comments are Markdown: the answer carries the safe HTML, card mentions link to the catalog card', async () => {
    await ctx.db
      .insertInto('cards')
      .values({
        code: 'MDTEST001',
        name: 'Five Eyes',
        name_norm: 'five eyes',
        rarity: 'Rare',
        type: 'Normal',
        album: 'History',
        collection: 'MDTEST',
      })
      .execute();
    const body =
      'Try **[[five eyes]]** and see [the wiki](https://cue.fandom.com)\n\n- one\n- `two`\n\n<script>alert(1)</script> [x](javascript:alert(1))';
    const res = await post(bob, { comment: body });
    expect(res.statusCode).toBe(201);
    const posted = json<Comment>(res);
    expect(posted.Comment).toBe(body);
    expect(posted.html).toBe(
      '<p>Try <strong><a href="/cards/MDTEST001" class="card-mention">Five Eyes</a></strong> and see <a href="https://cue.fandom.com" rel="nofollow ugc noopener">the wiki</a></p>\n' +
        '<ul>\n<li>one</li>\n<li><code>two</code></li>\n</ul>\n<p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>',
    );
    const listed = json<Comment[]>(await ctx.app.inject({ url: `/api/comments/get/${deckId}` })).find(
      (c) => c._id === posted._id,
    );
    expect(listed?.html).toBe(posted.html);
  });

  test('the safe HTML is rendered once, when the comment is written, and reads serve the stored copy', async () => {
    const posted = json<Comment>(await post(bob, { comment: '*stored once*' }));
    const row = await ctx.db
      .selectFrom('comments')
      .select(['body', 'body_html'])
      .where('id', '=', posted._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ body: '*stored once*', body_html: '<p><em>stored once</em></p>' });
    // Reads render nothing: what the column holds is what leaves, wherever the comment is read.
    await ctx.db.updateTable('comments').set({ body_html: '<p>as stored</p>' }).where('id', '=', posted._id).execute();
    const listed = json<Comment[]>(
      await ctx.app.inject({ url: `/api/comments/get/${deckId}?page=1&limit=${MAX_COMMENTS_PER_PAGE}` }),
    ).find((c) => c._id === posted._id);
    expect(listed?.html).toBe('<p>as stored</p>');
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

  describe('paging', () => {
    let paged: string;
    const TOTAL = COMMENTS_PER_PAGE + 30;
    beforeAll(async () => {
      paged = await buildDeck(ctx.db, alice.id);
      const start = Date.parse('2030-01-01T00:00:00Z');
      for (let i = 0; i < TOTAL; i++) {
        await createComment(ctx.db, {
          deckId: paged,
          userId: bob.id,
          body: `comment ${i}`,
          createdAt: new Date(start + i * 1000),
        });
      }
    });
    const get = (query = '') => ctx.app.inject({ url: `/api/comments/get/${paged}${query}` });

    test('without parameters: still a plain list, the oldest page, and a Link to the next', async () => {
      const res = await get();
      expect(res.statusCode).toBe(200);
      const list = json<Comment[]>(res);
      expect(Array.isArray(list)).toBe(true);
      expect(list).toHaveLength(COMMENTS_PER_PAGE);
      expect(list[0].Comment).toBe('comment 0');
      expect(res.headers.link).toBe(`</api/comments/get/${paged}?page=2&limit=${COMMENTS_PER_PAGE}>; rel="next"`);
    });

    test('?page and ?limit walk through the rest; the last page has no Link', async () => {
      const second = await get(`?page=2&limit=${COMMENTS_PER_PAGE}`);
      expect(json<Comment[]>(second).map((c) => c.Comment)).toEqual(
        Array.from({ length: 30 }, (_, i) => `comment ${COMMENTS_PER_PAGE + i}`),
      );
      expect(second.headers.link).toBeUndefined();
      const small = await get('?page=3&limit=7');
      expect(json<Comment[]>(small).map((c) => c.Comment)).toEqual(
        Array.from({ length: 7 }, (_, i) => `comment ${14 + i}`),
      );
      expect(json(await get('?page=99'))).toEqual([]);
    });

    test.each(['?limit=0', `?limit=${MAX_COMMENTS_PER_PAGE + 1}`, '?page=0', '?page=abc'])(
      'refuses %s with 400',
      async (query) => {
        const res = await get(query);
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ error: 'Bad Request' });
      },
    );

    test('the OpenAPI document lists the paging parameters', async () => {
      const doc = json<{ paths: Record<string, { get: { parameters: { name: string; in: string }[] } }> }>(
        await ctx.app.inject({ url: '/api/docs/json' }),
      );
      const params = doc.paths['/api/comments/get/{deckId}'].get.parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      expect(params.sort()).toEqual(['limit', 'page']);
    });
  });
});
