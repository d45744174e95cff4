import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildCatalog, buildDeck, buildUser, cardNames, type TestUser } from '../../../test/support/factories';
import type { Deck, DeckVersions, SimilarDecks } from '../../common/api/decks';
import { setDeckHidden } from './deck-store';

// Correcting a published deck's cards and code (issue 38) and the history it keeps (issue 39).
describeEachDatabase('deck corrections and versions', (ctx) => {
  let alice: TestUser;
  let bob: TestUser;
  let moderator: TestUser;
  const original = cardNames(18);
  const extras = Array.from({ length: 6 }, (_, i) => ({
    name: `Extra ${i + 1}`,
    code: `SAS1${String(i + 1).padStart(2, '0')}`,
  }));
  // The first 12 cards kept, the last 6 replaced.
  const corrected = [...original.slice(0, 12), ...extras];

  beforeAll(async () => {
    alice = await buildUser(ctx.db, { username: 'Alice' });
    bob = await buildUser(ctx.db, { username: 'Bob' });
    moderator = await buildUser(ctx.db, { username: 'Mod', role: 'moderator' });
    await buildCatalog(ctx.db, [...original, ...extras]);
  });

  const edit = (id: string, who: TestUser, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api/decks/editdeck/${id}`, headers: { cookie: who.cookie }, payload });
  const versions = async (id: string, who?: TestUser) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/decks/onedeck/${id}/versions`,
      headers: who ? { cookie: who.cookie } : {},
    });
  const decksWithCard = async (code: string) =>
    (await ctx.db.selectFrom('card_stats').select('decks').where('code', '=', code).executeTakeFirst())?.decks ?? 0;

  test('the author corrects cards and code; stats, similar decks and history follow', async () => {
    const id = await buildDeck(ctx.db, alice.id, { cards: original });
    const twin = await buildDeck(ctx.db, bob.id, { cards: original });
    const similarOfTwin = async () =>
      json<SimilarDecks>(await ctx.app.inject({ method: 'GET', url: `/api/decks/onedeck/${twin}/similar` })).decks.map(
        (deck) => deck._id,
      );
    expect(await similarOfTwin()).toContain(id);
    const before = { kept: await decksWithCard('SAS001'), dropped: await decksWithCard('SAS018') };
    expect(await decksWithCard('SAS101')).toBe(0);

    const res = await edit(id, alice, {
      cards: corrected.map((card) => card.name),
      cardCodes: corrected.map((card) => card.code),
      deckcode: 'FIXED1',
    });
    expect(res.statusCode).toBe(200);
    const deck = json<Deck>(res);
    expect(deck.cards).toEqual(corrected.map((card) => card.name));
    expect(deck.deckcode).toBe('FIXED1');

    // The card pages' and meta's statistics and the similar decks moved with the cards.
    expect(await decksWithCard('SAS001')).toBe(before.kept);
    expect(await decksWithCard('SAS018')).toBe(before.dropped - 1);
    expect(await decksWithCard('SAS101')).toBe(1);
    expect(await similarOfTwin()).toContain(id); // 12 still shared
    const one = json<Deck>(await ctx.app.inject({ method: 'GET', url: `/api/decks/onedeck/${id}` }));
    expect(one.cards).toEqual(corrected.map((card) => card.name));

    const history = json<DeckVersions>(await versions(id));
    expect(history.versions).toHaveLength(2);
    const [now, first] = history.versions;
    expect(now.cards.map((card) => card.code)).toEqual(corrected.map((card) => card.code));
    expect(now.added.map((card) => card.code)).toEqual(extras.map((card) => card.code));
    expect(now.removed.map((card) => card.code)).toEqual(original.slice(12).map((card) => card.code));
    expect(first.cards.map((card) => card.code)).toEqual(original.map((card) => card.code));
    expect(first).toMatchObject({ added: [], removed: [] });
    expect(Date.parse(now.date)).toBeGreaterThanOrEqual(Date.parse(first.date));

    // Sending the same list again keeps no new version.
    await edit(id, alice, { cards: corrected.map((card) => card.name), cardCodes: corrected.map((card) => card.code) });
    expect(json<DeckVersions>(await versions(id)).versions).toHaveLength(2);
  });

  test('a correction is refused whole: 17 cards, an unknown code, duplicates', async () => {
    const id = await buildDeck(ctx.db, alice.id, { cards: original });
    const names = original.map((card) => card.name);
    const codes = original.map((card) => card.code);
    const refused = [
      { cards: names.slice(0, 17) },
      { cards: names, cardCodes: [...codes.slice(0, 17), 'SAS999'] },
      { cards: [...names.slice(0, 17), names[0]] },
      // Two names, one of them given by the other's code: the same card twice.
      { cards: [...names.slice(0, 17), 'Extra 1'], cardCodes: [...codes.slice(0, 17), 'SAS001'] },
      { cardCodes: codes },
    ];
    for (const payload of refused) {
      const res = await edit(id, alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
    const deck = json<Deck>(await ctx.app.inject({ method: 'GET', url: `/api/decks/onedeck/${id}` }));
    expect(deck.cards).toEqual(names);
    expect(json<DeckVersions>(await versions(id)).versions).toHaveLength(1);
  });

  test('only the author or a moderator corrects the cards; a moderator not the title', async () => {
    const id = await buildDeck(ctx.db, alice.id, { cards: original });
    const cards = corrected.map((card) => card.name);
    expect((await edit(id, bob, { cards })).statusCode).toBe(403);
    expect((await edit(id, bob, { deckcode: 'STOLEN' })).statusCode).toBe(403);
    expect((await edit(id, moderator, { title: 'Mine now', cards })).statusCode).toBe(403);
    const fixed = await edit(id, moderator, { cards, deckcode: 'MOD123' });
    expect(fixed.statusCode).toBe(200);
    expect(json<Deck>(fixed)).toMatchObject({ deckcode: 'MOD123', user: 'Alice' });
  });

  test("a hidden deck's history is missing to others, shown to its author", async () => {
    const id = await buildDeck(ctx.db, alice.id, { cards: original });
    await setDeckHidden(ctx.db, id, new Date().toISOString());
    expect((await versions(id)).statusCode).toBe(404);
    expect((await versions(id, bob)).statusCode).toBe(404);
    expect((await versions(id, alice)).statusCode).toBe(200);
    expect((await versions('ffffffffffffffffffffffff')).statusCode).toBe(404);
  });
});
