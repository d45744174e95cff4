import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../test/support/factories';
import type { DecksPage } from '../../common/api/decks';
import { MAX_SEARCH_TEXT_LENGTH } from '../../common/limits';

describeEachDatabase('text search of decks (title words, deck code, author)', (ctx) => {
  const ids: Record<string, string> = {};
  let author: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    author = await buildUser(ctx.db, { username: 'Zoë_Martín' });
    const other = await buildUser(ctx.db, { username: 'plainauthor' });
    ids.dragons = await buildDeck(ctx.db, other.id, {
      title: 'Crème Brûlée Dragons',
      deckcode: 'X7K2PQ',
      albums: ['Space'],
    });
    ids.dragonfly = await buildDeck(ctx.db, other.id, {
      title: 'Dragonfly rush',
      deckcode: 'B4C5D6',
      albums: ['History'],
    });
    ids.zoe = await buildDeck(ctx.db, author.id, { title: 'Ocean Life', deckcode: 'null', albums: ['Space'] });
    ids.hostile = await buildDeck(ctx.db, other.id, { title: 'NEAR(a b) "quoted" *star* -minus', deckcode: '' });
  });

  const search = async (body: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/search-decks?page=1&limit=100',
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = json<DecksPage>(res);
    expect(page.totalDecks).toBe(page.decks.length);
    return page.decks
      .map((deck) => Object.keys(ids).find((name) => ids[name] === deck._id))
      .filter(Boolean)
      .sort();
  };

  test('finds a deck by a word of its title, its code and its author, accents and case folded', async () => {
    expect(await search({ text: 'creme' })).toEqual(['dragons']);
    expect(await search({ text: 'BRÛLÉE crème' })).toEqual(['dragons']);
    expect(await search({ text: 'x7k2pq' })).toEqual(['dragons']);
    expect(await search({ text: '  X7K2PQ ' })).toEqual(['dragons']);
    expect(await search({ text: 'zoe martin' })).toEqual(['zoe']);
    expect(await search({ text: 'Zoë_Martín' })).toEqual(['zoe']);
    expect(await search({ text: 'plainauthor' })).toEqual(['dragonfly', 'dragons', 'hostile']);
  });

  test('every word must match; the last one may be only begun', async () => {
    expect(await search({ text: 'drag' })).toEqual(['dragonfly', 'dragons']);
    expect(await search({ text: 'dragons' })).toEqual(['dragons']);
    expect(await search({ text: 'rush drag' })).toEqual(['dragonfly']);
    // Only the last word is a prefix: "drag" as a first word must be whole.
    expect(await search({ text: 'drag rush' })).toEqual([]);
    expect(await search({ text: 'dragons ocean' })).toEqual([]);
    // A code is one word: a piece of it in the middle finds nothing.
    expect(await search({ text: 'k2pq' })).toEqual([]);
    // The literal 'null' of a deck without a code is not a code.
    expect(await search({ text: 'null' })).toEqual([]);
  });

  test('combined with the other filters, the sort and the count', async () => {
    expect(await search({ text: 'drag', albums: ['Space'] })).toEqual(['dragons']);
    expect(await search({ text: 'drag', excludeAlbums: ['Space'] })).toEqual(['dragonfly']);
    expect(await search({ text: 'drag', user: 'plainauthor', sortBy: 'score', window: '30d' })).toEqual([
      'dragonfly',
      'dragons',
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/search-decks?page=2&limit=1',
      payload: { text: 'drag' },
    });
    const page = json<DecksPage>(res);
    expect(page.totalDecks).toBe(2);
    expect(page.decks).toHaveLength(1);
  });

  test('query syntax typed into the box is text, never a query language, and never fails', async () => {
    expect(await search({ text: 'NEAR(a b)' })).toEqual(['hostile']);
    expect(await search({ text: '"quoted' })).toEqual(['hostile']);
    expect(await search({ text: '*star* -minus' })).toEqual(['hostile']);
    expect(await search({ text: 'dragons OR ocean' })).toEqual([]);
    for (const text of ['"', '*', '-', 'NEAR(', '^', ':*', "'", '\\', '&|!', 'a:* & b', '()', 'AND', 'NOT dragons']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks', payload: { text } });
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
    }
    // A text of no letter or digit filters nothing.
    expect((await search({ text: '"*-' })).length).toBe(Object.keys(ids).length);
  });

  test('refuses a text too long or one no database can store', async () => {
    for (const text of ['x'.repeat(MAX_SEARCH_TEXT_LENGTH + 1), 'a\u0000b', 'a\uD800b']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks', payload: { text } });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ error: 'Bad Request' });
    }
  });

  test('an edit of the title or the code is found at once, and the old words no longer are', async () => {
    const deckId = await buildDeck(ctx.db, author.id, { title: 'Temporary Title', deckcode: 'OLD111' });
    const found = async (text: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/decks/search-decks', payload: { text } });
      return json<DecksPage>(res).decks.map((deck) => deck._id);
    };
    expect(await found('temporary old111')).toEqual([deckId]);
    const edited = await ctx.app.inject({
      method: 'POST',
      url: `/api/decks/editdeck/${deckId}`,
      headers: { cookie: author.cookie },
      payload: { title: 'Évolution Finale', deckcode: 'NEW222' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('evolution new222')).toEqual([deckId]);
    expect(await found('temporary')).toEqual([]);
    expect(await found('old111')).toEqual([]);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/decks/deleteone/${deckId}`,
      headers: { cookie: author.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await found('evolution')).toEqual([]);
  });
});
