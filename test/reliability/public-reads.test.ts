// Permissions of the card pages, the meta and similar decks: public reads that answer everyone
// alike without looking at the session, leak no account data, and list only the public decks.
import { buildCatalog, buildDeck, buildUser, cardNames } from '../support/factories';
import { describeEachDatabase, json } from '../support/test-app';
import { newAccount, register } from '../support/accounts';
import { SESSION_COOKIE } from '../../src/server/accounts/sessions';

describeEachDatabase('card pages, the meta and similar decks: who may read what', (ctx) => {
  let deckId: string;
  let twinId: string;
  let cookie: string;
  const cards = cardNames(18);

  beforeAll(async () => {
    await buildCatalog(ctx.db, cards);
    const account = await register(ctx.app, newAccount('reader'));
    cookie = account.cookie;
    const author = await buildUser(ctx.db, { username: 'PublicAuthor', email: 'author.secret@example.test' });
    deckId = await buildDeck(ctx.db, author.id, { title: 'Original', cards });
    twinId = await buildDeck(ctx.db, author.id, { title: 'Twin', cards });
  });

  const reads = () => [
    { url: `/api/cards/${cards[0].code}` },
    { url: `/api/cards/${cards[0].code}/decks` },
    { url: '/api/meta/cards' },
    { url: '/api/meta/categories' },
    { url: `/api/decks/onedeck/${deckId}/similar` },
  ];

  test('a guest, a signed-in user and another site read the same answers; no session is looked up', async () => {
    for (const { url } of reads()) {
      const guest = await ctx.app.inject({ url });
      expect(guest.statusCode, url).toBe(200);
      const signedIn = await ctx.app.inject({ url, headers: { cookie } });
      const unknownSession = await ctx.app.inject({
        url,
        headers: { cookie: `${SESSION_COOKIE}=no-such-session`, origin: 'https://elsewhere.example' },
      });
      expect(signedIn.body, url).toBe(guest.body);
      expect(unknownSession.body, url).toBe(guest.body);
      expect(unknownSession.headers['set-cookie'], url).toBeUndefined();
      // No account data beyond the public username.
      expect(guest.body, url).not.toContain('@example.test');
      expect(guest.body, url).not.toMatch(/password|email/i);
    }
  });

  test('the similar-decks check of the upload review is a read anyone on the site may make, but not another site', async () => {
    const payload = { cardCodes: cards.map((c) => c.code) };
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/decks/similar', payload });
    expect(guest.statusCode).toBe(200);
    expect(
      json<{ decks: { _id: string }[] }>(guest)
        .decks.map((d) => d._id)
        .sort(),
    ).toEqual([deckId, twinId].sort());
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/decks/similar',
      headers: { origin: 'https://evil.example', cookie },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(json(crossSite)).toEqual({ error: 'Forbidden', message: 'Cross-site requests are not allowed.' });
  });

  test('a deck out of the public set is in no card page, meta count or similar-deck list', async () => {
    // A moderator hides it: its row leaves public_decks (the statistics) and the search index marks it.
    const hide = (hiddenAt: string | null) =>
      ctx.db.updateTable('decks').set({ hidden_at: hiddenAt }).where('id', '=', twinId).execute();
    await hide(new Date().toISOString());
    try {
      const card = json<{ decks: number; totalDecks: number }>(
        await ctx.app.inject({ url: `/api/cards/${cards[0].code}` }),
      );
      expect(card).toMatchObject({ decks: 1, totalDecks: 1 });
      const decks = json<{ decks: { _id: string }[]; totalDecks: number }>(
        await ctx.app.inject({ url: `/api/cards/${cards[0].code}/decks` }),
      );
      expect(decks.decks.map((d) => d._id)).toEqual([deckId]);
      expect(
        json<{ decks: unknown[] }>(await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}/similar` })).decks,
      ).toEqual([]);
      expect(json<{ totalDecks: number }>(await ctx.app.inject({ url: '/api/meta/cards' })).totalDecks).toBe(1);
    } finally {
      await hide(null);
    }
    expect(json<{ decks: number }>(await ctx.app.inject({ url: `/api/cards/${cards[0].code}` })).decks).toBe(2);
  });
});
