import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildCatalog, buildDeck, buildUser, cardNames } from '../../../test/support/factories';
import type { CardPage } from '../../common/api/cards';
import type { DecksPage } from '../../common/api/decks';
import { startOfGameWeek } from '../../common/game';
import { changeVote, deleteDeck } from '../decks/deck-store';

describeEachDatabase('card pages', (ctx) => {
  const cards = cardNames(40);
  /** SAS001 is in every deck, SAS040 in two. */
  const everywhere = cards[0];
  const rare = cards[39];
  const deckIds: string[] = [];

  beforeAll(async () => {
    await buildCatalog(
      ctx.db,
      cards.map((card, i) => ({ ...card, rarity: i === 0 ? 'Legendary' : 'Common' })),
    );
    const author = await buildUser(ctx.db, { username: 'CardFan' });
    const voters = await Promise.all(Array.from({ length: 5 }, () => buildUser(ctx.db)));
    const now = new Date();
    const lastWeek = new Date(startOfGameWeek(now).getTime() - 24 * 3600 * 1000);
    // 20 decks: 8 this week, 12 last week; deck i holds card 1 and 17 of the cards 2..39 after it.
    for (let i = 0; i < 20; i++) {
      const rest = cards.slice(1, 39).slice(i % 10, (i % 10) + 17);
      const deckCards = [everywhere, ...rest.slice(0, i < 2 ? 16 : 17), ...(i < 2 ? [rare] : [])];
      const id = await buildDeck(ctx.db, author.id, {
        title: `Deck ${i}`,
        cards: deckCards,
        createdAt: new Date((i < 8 ? now : lastWeek).getTime() - i * 1000),
      });
      deckIds.push(id);
      for (const voter of voters.slice(0, i % 6)) await changeVote(ctx.db, id, voter.id, 'increase');
    }
  });

  test('a card page shows the catalog card and how much it is played, this week and last', async () => {
    const res = await ctx.app.inject({ url: `/api/cards/${everywhere.code}` });
    expect(res.statusCode).toBe(200);
    const page = json<CardPage>(res);
    expect(page).toMatchObject({
      code: 'SAS001',
      name: 'Card 1',
      rarity: 'Legendary',
      album: 'Space',
      collection: { code: 'SAS', name: 'Amazing Astronauts' },
      decks: 20,
      totalDecks: 20,
      thisWeek: { decks: 8, totalDecks: 8, rate: 1 },
      lastWeek: { decks: 12, totalDecks: 12, rate: 1 },
      weekStart: startOfGameWeek(new Date()).toISOString(),
    });
    expect(page.playedWith.sampleDecks).toBe(20);
    expect(page.playedWith.cards.length).toBe(10);
    expect(page.playedWith.cards.map((c) => c.code)).not.toContain('SAS001');
    const counts = page.playedWith.cards.map((c) => c.decks);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const rarePage = json<CardPage>(await ctx.app.inject({ url: `/api/cards/${rare.code}` }));
    expect(rarePage).toMatchObject({
      decks: 2,
      thisWeek: { decks: 2, totalDecks: 8, rate: 0.25 },
      lastWeek: { decks: 0, totalDecks: 12, rate: 0 },
    });
    expect(rarePage.playedWith.cards[0]).toMatchObject({ code: 'SAS001', name: 'Card 1', decks: 2 });
  });

  test("a card's decks come highest score first, paged like search, whichever way they are found", async () => {
    // Card 1 is in every deck (found by walking the score order), the rare card in two (found by its index).
    for (const card of [everywhere, rare]) {
      const first = json<DecksPage>(await ctx.app.inject({ url: `/api/cards/${card.code}/decks?page=1&limit=12` }));
      const expected = card === rare ? 2 : 20;
      expect(first.totalDecks).toBe(expected);
      const all = [
        ...first.decks,
        ...json<DecksPage>(await ctx.app.inject({ url: `/api/cards/${card.code}/decks?page=2&limit=12` })).decks,
      ];
      expect(all).toHaveLength(expected);
      expect(all.every((deck) => deck.cardList?.some((c) => c.code === card.code))).toBe(true);
      const order = all.map((deck) => [deck.score, deck.createdAt]);
      expect(order).toEqual(
        [...order].sort((a, b) => (b[0] as number) - (a[0] as number) || String(b[1]).localeCompare(String(a[1]))),
      );
      expect(new Set(all.map((d) => d._id)).size).toBe(expected);
    }
    expect(json<DecksPage>(await ctx.app.inject({ url: `/api/cards/${everywhere.code}/decks?page=1000000` }))).toEqual({
      decks: [],
      totalDecks: 20,
    });
  });

  test('a deleted deck leaves the card page at once', async () => {
    const before = json<CardPage>(await ctx.app.inject({ url: `/api/cards/${rare.code}` }));
    await deleteDeck(ctx.db, deckIds[0]);
    const after = json<CardPage>(await ctx.app.inject({ url: `/api/cards/${rare.code}` }));
    expect(after.decks).toBe(before.decks - 1);
    expect(after.thisWeek.decks).toBe(before.thisWeek.decks - 1);
    expect(
      json<DecksPage>(await ctx.app.inject({ url: `/api/cards/${rare.code}/decks` })).decks.map((d) => d._id),
    ).not.toContain(deckIds[0]);
  });

  test('a card in no deck has a page with zeros; unknown and malformed codes are refused', async () => {
    await buildCatalog(ctx.db, [{ name: 'Lonely Card', code: 'SAS099' }]);
    expect(json<CardPage>(await ctx.app.inject({ url: '/api/cards/SAS099' }))).toMatchObject({
      decks: 0,
      thisWeek: { decks: 0 },
      playedWith: { sampleDecks: 0, cards: [] },
    });
    expect(json(await ctx.app.inject({ url: '/api/cards/SAS099/decks' }))).toEqual({ decks: [], totalDecks: 0 });
    for (const url of ['/api/cards/NOPE999', '/api/cards/NOPE999/decks']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({ error: 'Not Found', message: 'No card with that code.' });
    }
    for (const url of [
      '/api/cards/SAS%27001',
      `/api/cards/${'A'.repeat(17)}`,
      '/api/cards/SAS001/decks?page=0',
      '/api/cards/SAS001/decks?limit=1000',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
  });

  test('the card routes are in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(await ctx.app.inject({ url: '/api/docs/json' }));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/cards/{code}', '/api/cards/{code}/decks']));
  });
});
