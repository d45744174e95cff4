// A hidden deck leaves the card pages and similar decks like a deleted one, and comes back whole.
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildCatalog, buildDeck, buildUser, cardNames, type TestUser } from '../../../test/support/factories';
import type { CardPage } from '../../common/api/cards';
import type { DecksPage, SimilarDecks } from '../../common/api/decks';

describeEachDatabase('a hidden deck and the statistics', (ctx) => {
  const cards = cardNames(20);
  let moderator: TestUser;
  let original: string;
  let copy: string;

  beforeAll(async () => {
    await buildCatalog(ctx.db, cards);
    const author = await buildUser(ctx.db);
    moderator = await buildUser(ctx.db, { role: 'moderator' });
    original = await buildDeck(ctx.db, author.id, { cards: cards.slice(0, 18) });
    // A near copy: 17 of the original's 18 cards, and card 20, which no other deck holds.
    copy = await buildDeck(ctx.db, author.id, { cards: [...cards.slice(0, 17), cards[19]] });
  });

  const act = (action: 'hide' | 'restore') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      headers: { cookie: moderator.cookie },
      payload: { action, itemType: 'deck', itemId: copy },
    });
  const cardPage = async (code: string) => json<CardPage>(await ctx.app.inject({ url: `/api/cards/${code}` }));
  const cardDecks = async (code: string) =>
    json<DecksPage>(await ctx.app.inject({ url: `/api/cards/${code}/decks` })).decks.map((d) => d._id);
  const similarTo = async (id: string) =>
    json<SimilarDecks>(await ctx.app.inject({ url: `/api/decks/onedeck/${id}/similar` })).decks.map((d) => d._id);

  test('hiding takes the deck out of card counts, card deck lists and similar decks; restoring puts it back', async () => {
    const onlyInCopy = cards[19].code;
    const shared = cards[0].code;
    expect((await cardPage(onlyInCopy)).decks).toBe(1);
    expect((await cardPage(shared)).decks).toBe(2);
    expect(await similarTo(original)).toEqual([copy]);

    const hidden = await act('hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await cardPage(onlyInCopy)).decks).toBe(0);
    expect((await cardPage(shared)).decks).toBe(1);
    expect(await cardDecks(shared)).toEqual([original]);
    expect(await similarTo(original)).toEqual([]);

    const restored = await act('restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await cardPage(onlyInCopy)).decks).toBe(1);
    expect((await cardPage(shared)).decks).toBe(2);
    expect((await cardDecks(shared)).sort()).toEqual([original, copy].sort());
    expect(await similarTo(original)).toEqual([copy]);
  });
});
