import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildCatalog, buildDeck, buildUser } from '../../../test/support/factories';
import type { MetaCards, MetaCategories } from '../../common/api/meta';
import { META_TREND_WEEKS } from '../../common/api/meta';
import { startOfGameWeek } from '../../common/game';
import { changeVote } from '../decks/deck-store';

describeEachDatabase('the meta', (ctx) => {
  // Space cards SAS001-SAS020 (Common), History cards EAG001-EAG020 (Rare).
  const space = Array.from({ length: 20 }, (_, i) => ({
    name: `Star ${i + 1}`,
    code: `SAS${String(i + 1).padStart(3, '0')}`,
    rarity: 'Common',
  }));
  const history = Array.from({ length: 20 }, (_, i) => ({
    name: `Era ${i + 1}`,
    code: `EAG${String(i + 1).padStart(3, '0')}`,
    rarity: 'Rare',
  }));

  beforeAll(async () => {
    await buildCatalog(ctx.db, [...space, ...history]);
    const author = await buildUser(ctx.db);
    const voters = await Promise.all(Array.from({ length: 4 }, () => buildUser(ctx.db)));
    const now = new Date();
    const lastWeek = new Date(startOfGameWeek(now).getTime() - 3600_000);
    // This week: 4 Space decks (SAS001-018), 1 History deck. Last week: 1 Space deck, 4 History decks (EAG001-018).
    const plan = [
      ...Array.from({ length: 4 }, () => ({ cards: space.slice(0, 18), at: now, albums: ['Space'], tags: ['Budget'] })),
      { cards: history.slice(0, 18), at: now, albums: ['History'], tags: [] },
      { cards: space.slice(2, 20), at: lastWeek, albums: ['Space'], tags: [] },
      ...Array.from({ length: 4 }, () => ({
        cards: history.slice(0, 18),
        at: lastWeek,
        albums: ['History', 'Space'],
        tags: ['Budget', 'Mono History'],
      })),
    ];
    for (const [i, deck] of plan.entries()) {
      const id = await buildDeck(ctx.db, author.id, {
        cards: deck.cards,
        createdAt: new Date(deck.at.getTime() - i * 1000),
        albums: deck.albums,
        tags: deck.tags,
        collections: [],
      });
      // The History decks score 4 each, the Space decks 0 or 1.
      const votes = deck.albums[0] === 'History' ? 4 : i % 2;
      for (const voter of voters.slice(0, votes)) await changeVote(ctx.db, id, voter.id, 'increase');
    }
  });

  const meta = async (query = '') => {
    const res = await ctx.app.inject({ url: `/api/meta/cards${query}` });
    expect(res.statusCode, query).toBe(200);
    return json<MetaCards>(res);
  };

  test('the most played cards, with their shares this week and last, the change and the average deck score', async () => {
    const answer = await meta();
    expect(answer.totalDecks).toBe(10);
    expect(answer.totalCards).toBe(38); // EAG019 and EAG020 are in no deck
    const decks = answer.cards.map((card) => card.decks);
    expect(decks).toEqual([...decks].sort((a, b) => b - a));
    const eag1 = answer.cards.find((card) => card.code === 'EAG001')!;
    expect(eag1).toMatchObject({
      name: 'Era 1',
      rarity: 'Rare',
      album: 'History',
      collection: 'EAG',
      decks: 5,
      rate: 0.5,
      thisWeek: 0.2,
      lastWeek: 0.8,
      averageScore: 4,
    });
    expect(eag1.change).toBeCloseTo(-0.6);
    expect(eag1.trend).toHaveLength(META_TREND_WEEKS);
    expect(eag1.trend.slice(-2)).toEqual([0.8, 0.2]);
    const sas3 = answer.cards.find((card) => card.code === 'SAS003')!;
    // Scores 0, 1, 0, 1 this week and 1 last week.
    expect(sas3).toMatchObject({ decks: 5, thisWeek: 0.8, lastWeek: 0.2, averageScore: 0.6 });
    const sas19 = answer.cards.find((card) => card.code === 'SAS019')!;
    expect(sas19).toMatchObject({ decks: 1, thisWeek: 0, lastWeek: 0.2 });
  });

  test('every column sorts both ways', async () => {
    const key = {
      decks: (c: MetaCards['cards'][number]) => c.decks,
      thisWeek: (c: MetaCards['cards'][number]) => c.thisWeek,
      change: (c: MetaCards['cards'][number]) => c.change,
      score: (c: MetaCards['cards'][number]) => c.averageScore,
    };
    for (const [sort, of] of Object.entries(key)) {
      for (const order of ['asc', 'desc']) {
        const values = (await meta(`?sort=${sort}&order=${order}`)).cards.map(of);
        const sorted = [...values].sort((a, b) => (order === 'asc' ? a - b : b - a));
        values.forEach((value, i) => expect(value, `${sort} ${order} #${i}`).toBeCloseTo(sorted[i], 9));
      }
    }
    const names = (await meta('?sort=name&order=asc')).cards.map((c) => c.name);
    expect(names[0]).toBe('Era 1');
    expect(names.at(-1)).toBe('Star 9');
    expect((await meta('?sort=change&order=desc')).cards[0].code).toMatch(/^SAS/);
  });

  test('filters by album, collection and rarity; pages', async () => {
    expect((await meta('?album=Space')).cards.every((c) => c.album === 'Space')).toBe(true);
    expect((await meta('?album=Space')).totalCards).toBe(20);
    expect((await meta('?collection=EAG')).cards.map((c) => c.collection)).toEqual(Array(18).fill('EAG'));
    expect((await meta('?rarity=Rare&album=Space')).totalCards).toBe(0);
    expect((await meta('?rarity=Rare')).totalCards).toBe(18);
    const page2 = await meta('?sort=name&order=asc&limit=5&page=2');
    expect(page2.cards.map((c) => c.name)).toEqual(
      (await meta('?sort=name&order=asc')).cards.slice(5, 10).map((c) => c.name),
    );
    expect((await meta('?page=1000000')).cards).toEqual([]);
  });

  test('the most used albums, collections and tags', async () => {
    const res = await ctx.app.inject({ url: '/api/meta/categories' });
    expect(res.statusCode).toBe(200);
    const answer = json<MetaCategories>(res);
    expect(answer.totalDecks).toBe(10);
    expect(answer.albums).toEqual(
      [
        { value: 'History', decks: 5 },
        { value: 'Space', decks: 9 },
      ].sort((a, b) => b.decks - a.decks),
    );
    expect(answer.tags).toEqual([
      { value: 'Budget', decks: 8 },
      { value: 'Mono History', decks: 4 },
    ]);
    expect(answer.collections).toEqual([]);
  });

  test('bad filters and sorts are refused with a message', async () => {
    for (const query of [
      'sort=bogus',
      'order=up',
      'album=Nowhere',
      'collection=XYZ',
      'rarity=Shiny',
      'page=0',
      'limit=1000',
      'page=abc',
      "album=Space'%20or%201=1",
    ]) {
      const res = await ctx.app.inject({ url: `/api/meta/cards?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(json(res)).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
  });
});
