import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildCatalog, buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import type { Deck, DecksPage } from '../../common/api/decks';
import { startOfGameWeek } from '../../common/game';
import { SEARCH_TOO_DEEP } from '../../common/api/pagination';
import { MAX_SEARCH_DEPTH } from '../../common/limits';
import { SESSION_COOKIE } from '../accounts/sessions';
import { findDeck, searchDecks } from './deck-store';

describeEachDatabase('decks API', (ctx) => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await buildUser(ctx.db, { username: 'Alice' });
    bob = await buildUser(ctx.db, { username: 'Bob' });
  });

  test('one deck answers every public field', async () => {
    const id = await buildDeck(ctx.db, alice.id, { title: 'Space Aggro', deckcode: 'UH42XD' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/decks/onedeck/${id}` });
    expect(res.statusCode).toBe(200);
    const deck = json<Deck>(res);
    expect(deck).toMatchObject({
      _id: id,
      title: 'Space Aggro',
      deckcode: 'UH42XD',
      user: 'Alice',
      score: 0,
      voters: [],
    });
    expect(deck.cards).toHaveLength(18);
    expect(deck.cards[0]).toBe('Card 1');
    expect(deck.cards[17]).toBe('Card 18');
    expect(typeof deck.createdAt).toBe('string');
  });

  test('a description is Markdown: answered as typed and as the safe HTML of the comments, on publish and edit (issue 38)', async () => {
    await buildCatalog(ctx.db, [{ name: 'Described Card', code: 'DSC001' }]);
    const id = await buildDeck(ctx.db, alice.id, {
      description: '**Fast** deck around [[Described Card]] <script>x()</script>',
    });
    const deck = json<Deck>(await ctx.app.inject({ method: 'GET', url: `/api/decks/onedeck/${id}` }));
    expect(deck.description).toBe('**Fast** deck around [[Described Card]] <script>x()</script>');
    expect(deck.descriptionHtml).toBe(
      '<p><strong>Fast</strong> deck around <a href="/cards/DSC001" class="card-mention">Described Card</a> &lt;script&gt;x()&lt;/script&gt;</p>',
    );
    const edited = await ctx.app.inject({
      method: 'POST',
      url: `/api/decks/editdeck/${id}`,
      headers: { cookie: alice.cookie },
      payload: { description: '- one\n- *two*' },
    });
    expect(edited.statusCode).toBe(200);
    expect(json<Deck>(edited).descriptionHtml).toBe('<ul>\n<li>one</li>\n<li><em>two</em></li>\n</ul>');
    const page = json<DecksPage>(
      await ctx.app.inject({ method: 'GET', url: `/api/decks/${alice.username}?page=1&limit=50` }),
    );
    expect(page.decks.find((d) => d._id === id)?.descriptionHtml).toContain('<em>two</em>');
  });

  test('one deck is the same for everyone, so the session cookie is not even looked up', async () => {
    const id = await buildDeck(ctx.db, alice.id);
    const unknownSession = { cookie: `${SESSION_COOKIE}=no-such-session` };
    const res = await ctx.app.inject({ url: `/api/decks/onedeck/${id}`, headers: unknownSession });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Where the user matters, the unknown session is looked up and its cookie cleared.
    expect((await ctx.app.inject({ url: '/api/decks/Alice', headers: unknownSession })).headers['set-cookie']).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;`),
    );
  });

  test('unknown and malformed deck ids', async () => {
    expect((await ctx.app.inject({ url: '/api/decks/onedeck/0123456789abcdef01234567' })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ url: '/api/decks/onedeck/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ error: 'Bad Request' });
  });

  test("a user's decks are paged, newest first, with the total", async () => {
    const user = await buildUser(ctx.db);
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 14; i++)
      await buildDeck(ctx.db, user.id, { title: `D${i}`, createdAt: new Date(base + i * 60_000) });
    const page1 = json<DecksPage>(
      await ctx.app.inject({ url: `/api/decks/${user.username.toUpperCase()}?page=1&limit=12` }),
    );
    expect(page1.totalDecks).toBe(14);
    expect(page1.decks.map((d) => d.title).slice(0, 3)).toEqual(['D13', 'D12', 'D11']);
    const page2 = json<DecksPage>(await ctx.app.inject({ url: `/api/decks/${user.username}?page=2&limit=12` }));
    expect(page2.decks.map((d) => d.title)).toEqual(['D1', 'D0']);
  });

  test('bad paging is a 400 with a message', async () => {
    for (const query of ['page=abc', 'limit=101', 'page=0', 'limit=0']) {
      const res = await ctx.app.inject({ url: `/api/decks/Alice?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(json<{ message: string }>(res).message.length).toBeGreaterThan(0);
    }
    expect((await ctx.app.inject({ url: '/api/decks/nobody-at-all' })).statusCode).toBe(404);
  });

  test('broken JSON is a 400, never a stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/search-decks',
      headers: { 'content-type': 'application/json' },
      payload: '{"albums": [',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'Bad Request', message: 'The request body is not valid JSON.' });
  });

  test('a body over the limit is a 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/search-decks',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ cards: ['x'.repeat(2 * 1024 * 1024)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ error: 'Payload Too Large' });
  });

  test('the curated table lists the curator account', async () => {
    const curator = await buildUser(ctx.db, { username: ctx.config.curatorUsername });
    const id = await buildDeck(ctx.db, curator.id, { title: 'Curated one' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/get-curated', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(json<{ decks: Deck[] }>(res).decks.map((d) => d._id)).toEqual([id]);
  });

  describe('writes', () => {
    let deckId: string;
    beforeEach(async () => {
      deckId = await buildDeck(ctx.db, alice.id, { title: 'Mine' });
    });

    test('guests get 401 on every write', async () => {
      const calls = [
        { method: 'POST' as const, url: `/api/decks/editdeck/${deckId}`, payload: { title: 'x' } },
        { method: 'DELETE' as const, url: `/api/decks/deleteone/${deckId}` },
        { method: 'POST' as const, url: `/api/decks/onedeck/${deckId}`, payload: { change: 'increase' } },
      ];
      for (const call of calls) {
        const res = await ctx.app.inject(call);
        expect(res.statusCode, call.url).toBe(401);
        expect(json(res)).toMatchObject({ error: 'Unauthorized' });
      }
    });

    test('only the owner edits a deck', async () => {
      const denied = await ctx.app.inject({
        method: 'POST',
        url: `/api/decks/editdeck/${deckId}`,
        headers: { cookie: bob.cookie },
        payload: { title: 'Stolen' },
      });
      expect(denied.statusCode).toBe(403);
      const edited = await ctx.app.inject({
        method: 'POST',
        url: `/api/decks/editdeck/${deckId}`,
        headers: { cookie: alice.cookie },
        payload: {
          title: 'Renamed',
          albums: JSON.stringify(['History', 'Space']),
          tags: ['Budget'],
          description: 'New text',
          user: 'Bob',
          email: 'bob@x',
        },
      });
      expect(edited.statusCode).toBe(200);
      expect(json<Deck>(edited)).toMatchObject({
        title: 'Renamed',
        albums: expect.arrayContaining(['History', 'Space']),
        tags: ['Budget'],
        description: 'New text',
        user: 'Alice',
      });
    });

    test('edit rejects values outside the game lists', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/decks/editdeck/${deckId}`,
        headers: { cookie: alice.cookie },
        payload: { albums: ['Atlantis'] },
      });
      expect(res.statusCode).toBe(400);
    });

    test('only the owner deletes a deck; unknown ids are 404', async () => {
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/decks/deleteone/${deckId}`,
            headers: { cookie: bob.cookie },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/decks/deleteone/${deckId}`,
            headers: { cookie: alice.cookie },
          })
        ).statusCode,
      ).toBe(200);
      expect((await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` })).statusCode).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/decks/deleteone/${deckId}`,
            headers: { cookie: alice.cookie },
          })
        ).statusCode,
      ).toBe(404);
    });

    test('a user without e-mail cannot write', async () => {
      const guest = await buildUser(ctx.db, { email: null });
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/decks/onedeck/${deckId}`,
            headers: { cookie: guest.cookie },
            payload: { change: 'increase' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('votes', () => {
    test("a deck's score follows its votes whoever writes them, a deleted voter's included (triggers)", async () => {
      const deckId = await buildDeck(ctx.db, alice.id);
      const dave = await buildUser(ctx.db);
      const erin = await buildUser(ctx.db);
      // Read through the store: the routes' cache (deck-reads.ts) knows nothing of writes made here.
      const score = () => findDeck(ctx.db, deckId);
      for (const voter of [dave, erin])
        await ctx.db
          .insertInto('votes')
          .values({ deck_id: deckId, user_id: voter.id, created_at: new Date().toISOString() })
          .execute();
      expect(await score()).toMatchObject({ score: 2 });
      await ctx.db.deleteFrom('users').where('id', '=', dave.id).execute();
      expect(await score()).toEqual(expect.objectContaining({ score: 1, voters: [erin.username] }));
    });

    test("a vote changes only the caller's own vote; posted voters are ignored", async () => {
      const deckId = await buildDeck(ctx.db, alice.id);
      const vote = (user: TestUser, change: string, voters: string[] = []) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/decks/onedeck/${deckId}`,
          headers: { cookie: user.cookie },
          payload: { voters, change },
        });
      let res = await vote(bob, 'increase', ['Bob', 'Alice', 'Mallory']);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ _id: deckId, score: 1, voters: ['Bob'] });
      res = await vote(bob, 'increase');
      expect(json(res)).toMatchObject({ score: 1, voters: ['Bob'] });
      res = await vote(alice, 'decrease', []);
      expect(json(res)).toMatchObject({ score: 1, voters: ['Bob'] });
      res = await vote(alice, 'increase');
      expect(json(res)).toMatchObject({ score: 2 });
      res = await vote(bob, 'decrease');
      expect(json(res)).toMatchObject({ score: 1, voters: ['Alice'] });
      expect((await vote(bob, 'sideways')).statusCode).toBe(400);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/decks/onedeck/0123456789abcdef01234567',
            headers: { cookie: bob.cookie },
            payload: { change: 'increase' },
          })
        ).statusCode,
      ).toBe(404);
    });

    test('concurrent votes never lose or double-count', async () => {
      const deckId = await buildDeck(ctx.db, alice.id);
      const users = await Promise.all(Array.from({ length: 20 }, () => buildUser(ctx.db)));
      const send = (user: TestUser, change: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/decks/onedeck/${deckId}`,
          headers: { cookie: user.cookie },
          payload: { change },
        });
      // Everyone votes twice at once, then the first half removes theirs twice at once.
      await Promise.all(users.flatMap((u) => [send(u, 'increase'), send(u, 'increase')]));
      await Promise.all(users.slice(0, 10).flatMap((u) => [send(u, 'decrease'), send(u, 'decrease')]));
      const deck = json<Deck>(await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` }));
      expect(deck.score).toBe(10);
      expect(deck.voters.sort()).toEqual(
        users
          .slice(10)
          .map((u) => u.username)
          .sort(),
      );
    });
  });

  test('answers kept in memory follow every write made through the API at once', async () => {
    const deckId = await buildDeck(ctx.db, alice.id, { tags: ['Budget'], albums: ['History'] });
    const find = async (body: object) =>
      json<DecksPage>(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/decks/search-decks?page=1&limit=50',
          payload: { albums: ['History'], ...body },
        }),
      ).decks.find((d) => d._id === deckId);
    const one = async () => json<Deck>(await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` }));
    // Read twice, so that the second answer comes from memory.
    for (let i = 0; i < 2; i++) {
      expect(await find({ tags: ['Budget'] })).toMatchObject({ score: 0 });
      expect(await one()).toMatchObject({ score: 0 });
    }

    await ctx.app.inject({
      method: 'POST',
      url: `/api/decks/onedeck/${deckId}`,
      headers: { cookie: bob.cookie },
      payload: { change: 'increase' },
    });
    expect(await find({ tags: ['Budget'] })).toMatchObject({ score: 1, voters: ['Bob'] });
    expect(await one()).toMatchObject({ score: 1, voters: ['Bob'] });

    await ctx.app.inject({
      method: 'POST',
      url: `/api/decks/editdeck/${deckId}`,
      headers: { cookie: alice.cookie },
      payload: { title: 'Moved', tags: ['Outdated'] },
    });
    expect(await find({ tags: ['Budget'] })).toBeUndefined();
    expect(await find({ tags: ['Outdated'] })).toMatchObject({ title: 'Moved', tags: ['Outdated'] });
    expect(await one()).toMatchObject({ title: 'Moved' });

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/decks/deleteone/${deckId}`,
      headers: { cookie: alice.cookie },
    });
    expect(await find({ tags: ['Outdated'] })).toBeUndefined();
    expect((await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` })).statusCode).toBe(404);
  });
});

describeEachDatabase('search-decks', (ctx) => {
  const now = new Date();
  const weekStart = startOfGameWeek(now);
  const ids: Record<string, string> = {};
  const search = async (body: object, query = 'page=1&limit=50') => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/decks/search-decks?${query}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return json<DecksPage>(res);
  };
  const titles = (page: DecksPage) => page.decks.map((d) => d.title);

  beforeAll(async () => {
    const carol = await buildUser(ctx.db, { username: 'Carol' });
    const dave = await buildUser(ctx.db, { username: 'Dave' });
    const at = (ms: number) => new Date(weekStart.getTime() + ms);
    ids.a = await buildDeck(ctx.db, carol.id, {
      title: 'A',
      albums: ['Space', 'Science'],
      collections: ['SAS'],
      tags: ['Budget', 'Mono Space'],
      cards: [
        { name: 'Moon', code: null },
        { name: 'Mars Rover', code: null },
      ],
      createdAt: at(1000),
    });
    ids.b = await buildDeck(ctx.db, carol.id, {
      title: 'B',
      albums: ['Space'],
      collections: ['SAS', 'EAF'],
      tags: ['Budget'],
      cards: [{ name: 'Moon', code: null }],
      createdAt: at(-1),
    });
    ids.c = await buildDeck(ctx.db, dave.id, {
      title: 'C',
      albums: ['History'],
      collections: ['EAF'],
      tags: ['Outdated'],
      cards: [{ name: 'Mars Rover', code: null }],
      createdAt: at(0),
    });
    ids.d = await buildDeck(ctx.db, dave.id, {
      title: 'D',
      albums: ['Space'],
      collections: ['SAS'],
      tags: [],
      cards: [],
      createdAt: at(-7 * 24 * 3600 * 1000),
    });
    const voters = await Promise.all(Array.from({ length: 3 }, () => buildUser(ctx.db)));
    const vote = (deckId: string, user: (typeof voters)[number]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/decks/onedeck/${deckId}`,
        headers: { cookie: user.cookie },
        payload: { change: 'increase' },
      });
    for (const v of voters) await vote(ids.d, v);
    for (const v of voters.slice(0, 2)) await vote(ids.b, v);
    await vote(ids.c, voters[0]);
  });

  test('no filter: newest first, with the total', async () => {
    const page = await search({});
    expect(titles(page)).toEqual(['A', 'C', 'B', 'D']);
    expect(page.totalDecks).toBe(4);
  });

  test('an empty body is the same as no filter', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks' });
    expect(res.statusCode).toBe(200);
    expect(json<DecksPage>(res).totalDecks).toBe(4);
  });

  test('a deck must contain ALL selected values of every kind', async () => {
    expect(titles(await search({ albums: ['Space'] }))).toEqual(['A', 'B', 'D']);
    expect(titles(await search({ albums: ['Space', 'Science'] }))).toEqual(['A']);
    expect(titles(await search({ collections: ['SAS', 'EAF'] }))).toEqual(['B']);
    expect(titles(await search({ tags: ['Budget'] }))).toEqual(['A', 'B']);
    expect(titles(await search({ tags: ['Budget', 'Mono Space'] }))).toEqual(['A']);
    expect(titles(await search({ cards: ['Moon', 'Mars Rover'] }))).toEqual(['A']);
    expect(titles(await search({ cards: ['Mars Rover'], albums: ['History'] }))).toEqual(['C']);
    expect(titles(await search({ albums: ['Oceans & Seas'] }))).toEqual([]);
  });

  test('the total counts every matching deck, past the page', async () => {
    const total = async (body: object) => (await search(body, 'page=1&limit=1')).totalDecks;
    expect(await total({ albums: ['Space'] })).toBe(3);
    expect(await total({ collections: ['SAS', 'EAF'] })).toBe(1);
    expect(await total({ tags: ['Budget'], cards: ['Moon'] })).toBe(2);
    expect(await total({ cards: ['Moon', 'Mars Rover'] })).toBe(1);
    expect(await total({ albums: ['Space'], restricted: true })).toBe(1);
    expect(await total({ albums: ['Space'], user: 'dave' })).toBe(1);
    expect(await total({ albums: ['Oceans & Seas'] })).toBe(0);
  });

  test('sortBy score puts the highest first', async () => {
    expect(titles(await search({ sortBy: 'score' }))).toEqual(['D', 'B', 'C', 'A']);
  });

  test('restricted keeps decks created since the last Monday 11:00 UTC, on both sides of the boundary', async () => {
    // C was created exactly at the reset, A after it; B one millisecond before, D a week before.
    expect(titles(await search({ restricted: true }))).toEqual(['A', 'C']);
    expect(titles(await search({ restricted: true, sortBy: 'score' }))).toEqual(['C', 'A']);
  });

  test('filter by user, and paging', async () => {
    expect(titles(await search({ user: 'carol' }))).toEqual(['A', 'B']);
    const page2 = await search({}, 'page=2&limit=3');
    expect(titles(page2)).toEqual(['D']);
    expect(page2.totalDecks).toBe(4);
  });

  test('a search pages no deeper than MAX_SEARCH_DEPTH decks: deeper is a clear 400', async () => {
    const cases: [string, number][] = [
      [`page=${MAX_SEARCH_DEPTH / 12}&limit=12`, 200],
      ['page=12&limit=100', 200],
      [`page=${MAX_SEARCH_DEPTH / 12 + 1}&limit=12`, 400],
      ['page=13&limit=100', 400],
      ['page=1000000&limit=12', 400],
    ];
    for (const [query, status] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/decks/search-decks?${query}`,
        payload: { excludeTags: ['Budget'], sortBy: 'score' },
      });
      expect(res.statusCode, query).toBe(status);
      if (status === 400)
        expect(json(res)).toEqual({ error: 'Bad Request', message: `Invalid querystring page: ${SEARCH_TOO_DEEP}` });
    }
  });

  test('many selected values at once answer correctly (past the joins a query may hold)', async () => {
    // A deck holding 70 cards matches a search for all 70, or for 69 of them plus a tag it has;
    // one card it lacks among 200 selected leaves it out. SQLite refuses a query of over 64 joins.
    const owner = await buildUser(ctx.db);
    const many = Array.from({ length: 70 }, (_, i) => ({ name: `Many ${i}`, code: null }));
    await buildDeck(ctx.db, owner.id, {
      title: 'Many',
      albums: ['Oceans & Seas'],
      tags: ['Budget'],
      cards: many,
      createdAt: new Date(weekStart.getTime() - 1),
    });
    const names = many.map((card) => card.name);
    const found = await search({ cards: names, albums: ['Oceans & Seas'] });
    expect(titles(found)).toEqual(['Many']);
    expect(found.totalDecks).toBe(1);
    expect((await search({ cards: names.slice(1), tags: ['Budget'], user: owner.username })).totalDecks).toBe(1);
    const missing = await search({ cards: [...names, ...Array.from({ length: 130 }, (_, i) => `Absent ${i}`)] });
    expect(missing).toMatchObject({ decks: [], totalDecks: 0 });
    expect((await search({ cards: names.slice(0, 40), tags: ['Outdated'] })).totalDecks).toBe(0);
  });

  test("the old client's values: any truthy restricted is on, null is absent, an unknown sortBy sorts newest first", async () => {
    const newest = titles(await search({}));
    expect(titles(await search({ restricted: 'yes' }))).toEqual(['A', 'C']);
    expect(titles(await search({ restricted: 1, sortBy: 'score' }))).toEqual(['C', 'A']);
    expect(titles(await search({ restricted: 0 }))).toEqual(newest);
    expect(titles(await search({ sortBy: 'createdAt' }))).toEqual(newest);
    const nulls = {
      albums: null,
      collections: null,
      tags: null,
      cards: null,
      user: null,
      sortBy: null,
      restricted: null,
      excludeAlbums: null,
      excludeTags: null,
      excludeCards: null,
    };
    expect(titles(await search(nulls))).toEqual(newest);
    expect(titles(await search({ ...nulls, albums: ['Space'], restricted: 'yes' }))).toEqual(['A']);
  });

  test('unknown filter values and bad types are 400', async () => {
    for (const body of [
      { albums: ['Atlantis'] },
      { tags: 'Budget' },
      { collections: [3] },
      { window: 'year' },
      { user: 5 },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describeEachDatabase('the total of the unfiltered search (kept by triggers)', (ctx) => {
  // Read through the store: the routes' cache (deck-reads.ts) knows nothing of writes made here.
  const total = async () => (await searchDecks(ctx.db, {}, { page: 1, limit: 1 })).totalDecks;

  test('follows every insert and delete, whoever makes it', async () => {
    const erin = await buildUser(ctx.db);
    expect(await total()).toBe(0);
    const first = await buildDeck(ctx.db, erin.id);
    await buildDeck(ctx.db, erin.id);
    expect(await total()).toBe(2);
    // Several decks in one statement, as a bulk load makes them.
    const row = (id: string) => ({
      id,
      user_id: erin.id,
      title: id,
      deckcode: '',
      image: '',
      description: '',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    await ctx.db
      .insertInto('decks')
      .values([row('b'.repeat(24)), row('c'.repeat(24))])
      .execute();
    expect(await total()).toBe(4);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/decks/deleteone/${first}`,
          headers: { cookie: erin.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(await total()).toBe(3);
    // A deleted user takes their decks along (a cascade, not the deck store).
    await ctx.db.deleteFrom('users').where('id', '=', erin.id).execute();
    expect(await total()).toBe(0);
  });
});
