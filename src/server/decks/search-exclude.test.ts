import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, cardNames } from '../../../test/support/factories';
import type { DecksPage } from '../../common/api/decks';
import { TAGS, startOfGameWeek } from '../../common/game';

describeEachDatabase('search that excludes, and the date window', (ctx) => {
  const ids: Record<string, string> = {};
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

  beforeAll(async () => {
    const user = await buildUser(ctx.db);
    // Ten days apart at most, so that the week and the 30 days differ by deck.
    const justNow = new Date(Math.max(startOfGameWeek(now).getTime() + 1000, now.getTime() - 1000));
    ids.spaceMoon = await buildDeck(ctx.db, user.id, {
      albums: ['Space'],
      tags: ['Budget'],
      cards: [...cardNames(17), { name: 'Moon', code: 'MOON001' }],
      createdAt: justNow,
    });
    ids.spacePlain = await buildDeck(ctx.db, user.id, {
      albums: ['Space'],
      tags: ['Outdated'],
      cards: cardNames(18),
      createdAt: daysAgo(10),
    });
    ids.history = await buildDeck(ctx.db, user.id, {
      albums: ['History', 'Space'],
      tags: ['Budget'],
      cards: cardNames(18),
      createdAt: daysAgo(20),
    });
    ids.old = await buildDeck(ctx.db, user.id, {
      albums: ['Science'],
      tags: [],
      cards: cardNames(18),
      createdAt: daysAgo(90),
    });
  });

  const search = async (body: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/search-decks?page=1&limit=100',
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = json<DecksPage>(res);
    // The count always agrees with the list (all fit on one page here).
    expect(page.totalDecks).toBe(page.decks.length);
    return new Set(page.decks.map((d) => d._id));
  };
  const names = (found: Set<string>) =>
    Object.keys(ids)
      .filter((name) => found.has(ids[name]))
      .sort();

  test('"without these cards": a deck with any excluded card is left out', async () => {
    expect(names(await search({ albums: ['Space'] }))).toEqual(['history', 'spaceMoon', 'spacePlain']);
    expect(names(await search({ albums: ['Space'], excludeCards: ['Moon'] }))).toEqual(['history', 'spacePlain']);
    expect(names(await search({ excludeCards: ['Moon', 'Card 1'] }))).toEqual([]);
    expect(names(await search({ excludeCards: ['No Such Card'] }))).toEqual([
      'history',
      'old',
      'spaceMoon',
      'spacePlain',
    ]);
    // Long lists (read once on SQLite, not probed per deck) leave out the same decks.
    const absent = Array.from({ length: 199 }, (_, i) => `Absent ${i}`);
    expect(names(await search({ albums: ['Space'], excludeCards: [...absent, 'Moon'] }))).toEqual([
      'history',
      'spacePlain',
    ]);
    expect(names(await search({ excludeCards: absent }))).toEqual(['history', 'old', 'spaceMoon', 'spacePlain']);
    expect(
      names(await search({ excludeTags: TAGS.map((tag) => tag.name).filter((tag) => tag !== 'Outdated') })),
    ).toEqual(['old', 'spacePlain']);
  });

  test('albums and tags to exclude, together with the ones to include', async () => {
    expect(names(await search({ albums: ['Space'], excludeAlbums: ['History'] }))).toEqual(['spaceMoon', 'spacePlain']);
    expect(names(await search({ excludeTags: ['Budget'] }))).toEqual(['old', 'spacePlain']);
    expect(names(await search({ tags: ['Budget'], excludeAlbums: ['History'], excludeCards: ['Moon'] }))).toEqual([]);
    // Including and excluding the same value finds nothing, rather than failing.
    expect(names(await search({ albums: ['Space'], excludeAlbums: ['Space'] }))).toEqual([]);
  });

  test('the date window: this week, the last 30 days, all time', async () => {
    expect(names(await search({ window: 'week' }))).toEqual(['spaceMoon']);
    expect(names(await search({ window: '30d' }))).toEqual(['history', 'spaceMoon', 'spacePlain']);
    expect(names(await search({ window: 'all' }))).toEqual(['history', 'old', 'spaceMoon', 'spacePlain']);
    expect(names(await search({ window: '30d', excludeCards: ['Moon'], sortBy: 'score' }))).toEqual([
      'history',
      'spacePlain',
    ]);
    // `restricted` (the old client's "this week") still narrows a wider window.
    expect(names(await search({ window: '30d', restricted: true }))).toEqual(['spaceMoon']);
  });

  test('kept answers are told apart by their exclusions and window', async () => {
    const plain = await search({ albums: ['Space'] });
    const excluded = await search({ albums: ['Space'], excludeCards: ['Moon'] });
    const windowed = await search({ albums: ['Space'], window: 'week' });
    expect(plain.size).toBe(3);
    expect(excluded.size).toBe(2);
    expect(windowed.size).toBe(1);
  });

  test('unknown exclusions and windows are refused with 400', async () => {
    for (const body of [
      { excludeAlbums: ['Atlantis'] },
      { excludeTags: ['Nope'] },
      { window: 'year' },
      { excludeCards: [''] },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res)).toMatchObject({ error: 'Bad Request' });
    }
  });
});
