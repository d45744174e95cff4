import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, cardNames } from '../../../test/support/factories';
import type { SimilarDecks } from '../../common/api/decks';
import { seededRandom } from '../../common/seeded-random';
import { MAX_SIMILAR_DECKS, MIN_SHARED_CARDS } from './similar-decks';

describeEachDatabase('similar decks', (ctx) => {
  const pool = cardNames(30);
  const decks: { id: string; codes: string[]; createdAt: number }[] = [];

  beforeAll(async () => {
    const author = await buildUser(ctx.db, { username: 'Copier' });
    const random = seededRandom(18);
    // Decks from a small pool, skewed towards its first cards, so many pairs share 12 or more.
    for (let i = 0; i < 60; i++) {
      const chosen = new Set<number>();
      while (chosen.size < 18) chosen.add(Math.floor(pool.length * random() ** 1.5));
      const cards = [...chosen].map((n) => pool[n]);
      const createdAt = Date.UTC(2026, 0, 1) + i * 60_000;
      decks.push({
        id: await buildDeck(ctx.db, author.id, { title: `Copy ${i}`, cards, createdAt: new Date(createdAt) }),
        codes: cards.map((c) => c.code),
        createdAt,
      });
    }
  });

  /** The answer worked out by comparing the list with every deck. */
  function bruteForce(codes: string[], except?: string) {
    const wanted = new Set(codes);
    return decks
      .filter((deck) => deck.id !== except)
      .map((deck) => ({ ...deck, shared: deck.codes.filter((code) => wanted.has(code)).length }))
      .filter((deck) => deck.shared >= MIN_SHARED_CARDS)
      .sort((a, b) => b.shared - a.shared || b.createdAt - a.createdAt)
      .slice(0, MAX_SIMILAR_DECKS)
      .map((deck) => ({ _id: deck.id, shared: deck.shared }));
  }

  test("a deck's similar decks are those sharing at least 12 cards, most shared first, itself left out", async () => {
    let nonEmpty = 0;
    for (const deck of decks.slice(0, 20)) {
      const res = await ctx.app.inject({ url: `/api/decks/onedeck/${deck.id}/similar` });
      expect(res.statusCode).toBe(200);
      const answer = json<SimilarDecks>(res);
      expect(answer.cardCount).toBe(18);
      expect(answer.decks.map(({ _id, shared }) => ({ _id, shared }))).toEqual(bruteForce(deck.codes, deck.id));
      if (answer.decks.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(5);
  });

  test('the upload review asks with the codes it read: an exact copy matches 18 of 18', async () => {
    const original = decks[7];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/similar',
      payload: { cardCodes: original.codes },
    });
    expect(res.statusCode).toBe(200);
    const answer = json<SimilarDecks>(res);
    expect(answer.decks[0]).toMatchObject({ shared: 18, user: 'Copier' });
    expect(answer.decks.map(({ _id, shared }) => ({ _id, shared }))).toEqual(bruteForce(original.codes));
    // 17 of the cards and one the pool never uses.
    const changed = [...original.codes.slice(0, 17), 'SAS099'];
    const seventeen = json<SimilarDecks>(
      await ctx.app.inject({ method: 'POST', url: '/api/decks/similar', payload: { cardCodes: changed } }),
    );
    expect(seventeen.cardCount).toBe(18);
    expect(seventeen.decks.find((d) => d._id === original.id)?.shared).toBe(17);
  });

  test('fewer than 12 cards match nothing; a deleted deck is no longer similar', async () => {
    expect(
      json<SimilarDecks>(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/decks/similar',
          payload: { cardCodes: decks[0].codes.slice(0, 11) },
        }),
      ),
    ).toEqual({ cardCount: 11, decks: [] });
    const copy = await buildDeck(ctx.db, (await buildUser(ctx.db)).id, { cards: pool.slice(0, 18), title: 'Twin' });
    const twin = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/similar',
      payload: { cardCodes: pool.slice(0, 18).map((c) => c.code) },
    });
    expect(json<SimilarDecks>(twin).decks[0]).toMatchObject({ _id: copy, shared: 18, title: 'Twin' });
    await ctx.db.deleteFrom('decks').where('id', '=', copy).execute();
    const after = json<SimilarDecks>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/decks/similar',
        payload: { cardCodes: pool.slice(0, 18).map((c) => c.code) },
      }),
    );
    expect(after.decks.map((d) => d._id)).not.toContain(copy);
  });

  test('with a deck code, the public decks of that code are answered whatever their cards (issue 38)', async () => {
    const owner = await buildUser(ctx.db, { username: 'CodeOwner' });
    const coded = await buildDeck(ctx.db, owner.id, {
      title: 'Coded',
      deckcode: 'QZ7K2P',
      cards: cardNames(18, 'Other'),
    });
    const ask = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/decks/similar', payload });
    const same = json<SimilarDecks>(await ask({ cardCodes: decks[3].codes.slice(0, 5), deckcode: 'QZ7K2P' }));
    expect(same.decks).toEqual([]);
    expect(same.sameCode).toEqual([{ _id: coded, title: 'Coded', user: 'CodeOwner' }]);
    expect(json<SimilarDecks>(await ask({ cardCodes: [], deckcode: 'QZ7K2Q' })).sameCode).toEqual([]);
    // No code, or the old client's 'null', matches nothing; a hidden deck is not answered.
    expect(json<SimilarDecks>(await ask({ cardCodes: [], deckcode: '' })).sameCode).toEqual([]);
    expect(json<SimilarDecks>(await ask({ cardCodes: [], deckcode: 'null' })).sameCode).toEqual([]);
    await ctx.db.updateTable('decks').set({ hidden_at: new Date().toISOString() }).where('id', '=', coded).execute();
    expect(json<SimilarDecks>(await ask({ cardCodes: [], deckcode: 'QZ7K2P' })).sameCode).toEqual([]);
    // A code is letters and digits, as the game prints it.
    const bad = await ask({ cardCodes: [], deckcode: 'QZ-7K2P' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ message: expect.stringContaining('letters and digits') });
  });

  test('bad input is refused with a message', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/decks/similar',
        payload: { cardCodes: Array.from({ length: 19 }, (_, i) => `SAS${i}`) },
      },
      { method: 'POST' as const, url: '/api/decks/similar', payload: { cardCodes: ["SAS001'; drop table decks; --"] } },
      { method: 'POST' as const, url: '/api/decks/similar', payload: { cardCodes: 'SAS001' } },
      { method: 'POST' as const, url: '/api/decks/similar', payload: {} },
      { method: 'GET' as const, url: '/api/decks/onedeck/not-an-id/similar' },
    ];
    for (const request of cases) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, JSON.stringify(request)).toBe(400);
      expect(json(res)).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
    expect((await ctx.app.inject({ url: '/api/decks/onedeck/0123456789abcdef01234567/similar' })).statusCode).toBe(404);
  });
});
