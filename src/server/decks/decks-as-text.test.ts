// Decks without a screenshot (issue #39): a pasted list read against the catalog, a deck as text,
// a deck published from 18 card codes with a picture the server draws, and the differences between
// similar decks. Real catalog (5,005 cards), real databases.
import sharp from 'sharp';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { expectedScreenshotDeck, formWith, importRealCatalog } from '../../../test/support/images';
import { MESSAGES } from '../../common/messages';
import { COLLECTIONS } from '../../common/game';
import { MAX_CARD_LIST_LENGTH, MAX_CARD_LIST_LINES } from '../../common/limits';
import type { ParseCardListResult } from '../../common/api/cards';
import type { Deck, SimilarDecks } from '../../common/api/decks';
import { deckAsText } from '../../common/deck-text';

const DECK = expectedScreenshotDeck();
const CODES = DECK.cards.map((c) => c.code);

describeEachDatabase('decks as text and without a screenshot', (ctx) => {
  let author: TestUser;
  const parse = (text: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/cards/parse-list', payload: { text } as Record<string, unknown> });
  const publish = (fields: Record<string, string | undefined>, user = author) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/decks/post/',
      headers: { cookie: user.cookie },
      payload: formWith({ title: 'Built in the browser', collections: COLLECTIONS[0].code, ...fields }),
    });

  beforeAll(async () => {
    await importRealCatalog(ctx.db);
    author = await buildUser(ctx.db);
  });

  test('the OpenAPI document describes the routes of decks as text', async () => {
    const doc = json<{ paths: Record<string, Record<string, { summary?: string; produces?: string[] }>> }>(
      await ctx.app.inject({ url: '/api/docs/json' }),
    );
    expect(doc.paths['/api/cards/parse-list'].post.summary).toMatch(/pasted as text/);
    expect(doc.paths['/api/decks/onedeck/{id}/text'].get.summary).toMatch(/one card a line/);
    expect(doc.paths['/api/decks/post/'].post.summary).toMatch(/Without an image, 18 distinct cardCodes/);
  });

  describe('POST /api/cards/parse-list', () => {
    test('reads names, codes or both, forgiving accents, case and typos, and names the unknown lines', async () => {
      const res = await parse(
        [
          'Deck code: UH42XD',
          'cano cristales',
          '2x The Renaissence',
          '- FSP006',
          'Statue of Liberty (STR036)',
          'EES026 Five Eyes',
          '',
          'The Fool (XXII)',
          'caño cristales',
          'My favourite sandwich',
          'ZZZ999',
        ].join('\n'),
      );
      expect(res.statusCode).toBe(200);
      expect(json<ParseCardListResult>(res)).toEqual({
        cards: [
          { line: 'cano cristales', code: 'ORR014', name: 'Caño Cristales' },
          { line: '2x The Renaissence', code: 'ACFU005', name: 'The Renaissance' },
          { line: '- FSP006', code: 'FSP006', name: 'Hypernova' },
          { line: 'Statue of Liberty (STR036)', code: 'STR036', name: 'Statue of Liberty' },
          { line: 'EES026 Five Eyes', code: 'EES026', name: 'Five Eyes' },
          { line: 'The Fool (XXII)', code: 'ACTA005', name: 'The Fool (XXII)' },
        ],
        unknown: ['My favourite sandwich', 'ZZZ999'],
      });
    });

    test.each([
      [
        `${MAX_CARD_LIST_LINES + 1} lines`,
        'Heimdall\n'.repeat(MAX_CARD_LIST_LINES + 1),
        `A card list can be at most ${MAX_CARD_LIST_LINES} lines.`,
      ],
      ['10,000 lines', 'Heimdall\n'.repeat(10_000), 'A card list can be at most'],
      [
        'too many characters',
        'x'.repeat(MAX_CARD_LIST_LENGTH + 1),
        `A card list can be at most ${MAX_CARD_LIST_LENGTH} characters.`,
      ],
      ['a NUL character', 'Heimdall\u0000', null],
      ['no text', undefined, null],
      ['a number', 42, null],
    ])('%s is a clean 400', async (_, text, message) => {
      const res = await parse(text);
      expect(res.statusCode).toBe(400);
      const body = json<{ error: string; message: string }>(res);
      expect(body.error).toBe('Bad Request');
      if (message) expect(body.message).toContain(message);
    });
  });

  test('a huge pasted text is refused before it is read', async () => {
    const res = await parse('Heimdall\n'.repeat(200_000));
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ error: 'Payload Too Large', message: 'The request body is too large.' });
  });

  describe('POST /api/decks/post/ without an image', () => {
    test('18 card codes publish a deck whose image the server drew, then served as text', async () => {
      const res = await publish({ cardCodes: JSON.stringify(CODES), deckcode: DECK.deck_code });
      expect(res.statusCode).toBe(201);
      const deck = json<Deck>(res);
      expect(deck.cardList).toEqual(DECK.cards);
      expect(deck.user).toBe(author.username);
      const image = await ctx.app.inject({ url: deck.image });
      expect(image.statusCode).toBe(200);
      const { width, height } = await sharp(image.rawPayload).metadata();
      expect(width).toBe(600);
      expect(height).toBeGreaterThan(800);

      const text = await ctx.app.inject({ url: `/api/decks/onedeck/${deck._id}/text` });
      expect(text.statusCode).toBe(200);
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(text.body.split('\n').slice(0, 3)).toEqual([
        'Deck code: UH42XD',
        'The Renaissance (ACFU005)',
        'Hypernova (FSP006)',
      ]);
      expect(text.body).toBe(deckAsText(deck));
      // The text reads back as the same deck.
      const back = json<ParseCardListResult>(await parse(text.body));
      expect(back.unknown).toEqual([]);
      expect(back.cards.map((c) => c.code)).toEqual(CODES);
    });

    test('names sent beside the codes must be theirs', async () => {
      const names = DECK.cards.map((c) => c.name);
      names[0] = 'Hypernova';
      const res = await publish({ cardCodes: JSON.stringify(CODES), cards: JSON.stringify(names) });
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toBe(
        'Card codes and names do not match: ACFU005 is The Renaissance, not Hypernova.',
      );
    });

    test.each([
      ['17 cards', CODES.slice(0, 17), MESSAGES.builder.needsFullDeck(18)],
      ['19 cards', [...CODES, 'ACAL001'], MESSAGES.builder.needsFullDeck(18)],
      ['an empty code', [...CODES.slice(0, 17), ''], MESSAGES.builder.needsFullDeck(18)],
      ['a card twice', [...CODES.slice(0, 17), CODES[0]], MESSAGES.builder.duplicateCards(CODES[0])],
      ['an unknown code', [...CODES.slice(0, 17), 'NOPE999'], 'Not in the card catalog: NOPE999.'],
      ['not a list', 'ACFU005', MESSAGES.builder.needsFullDeck(18)],
    ])('%s is a 400', async (_, codes, message) => {
      const res = await publish({ cardCodes: typeof codes === 'string' ? codes : JSON.stringify(codes) });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Bad Request', message });
    });

    test('the form rules still hold, and a guest cannot publish', async () => {
      const untitled = await publish({ cardCodes: JSON.stringify(CODES), title: '' });
      expect(untitled.statusCode).toBe(400);
      expect(json<{ message: string }>(untitled).message).toBe(MESSAGES.upload.titleRequired);
      const guest = await ctx.app.inject({
        method: 'POST',
        url: '/api/decks/post/',
        payload: formWith({ title: 'x', collections: COLLECTIONS[0].code, cardCodes: JSON.stringify(CODES) }),
      });
      expect(guest.statusCode).toBe(401);
    });
  });

  test('GET /api/decks/onedeck/{id}/text of no deck is a 404', async () => {
    const res = await ctx.app.inject({ url: '/api/decks/onedeck/0123456789abcdef01234567/text' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Not Found', message: 'No such deck.' });
  });

  test('similar decks name the cards only in each deck', async () => {
    const other = await buildUser(ctx.db);
    const swapped = [...CODES.slice(0, 16), 'ACAL001', 'ACAL002'];
    const a = json<Deck>(await publish({ cardCodes: JSON.stringify(CODES), title: 'Original' }, other));
    const b = json<Deck>(await publish({ cardCodes: JSON.stringify(swapped), title: 'Two swapped' }, other));
    const res = await ctx.app.inject({ url: `/api/decks/onedeck/${b._id}/similar` });
    const match = json<SimilarDecks>(res).decks.find((d) => d._id === a._id);
    expect(match).toMatchObject({
      shared: 16,
      onlyInThis: [
        { code: 'ACAL001', name: 'Sir Lancelot' },
        { code: 'ACAL002', name: expect.any(String) },
      ],
      onlyInOther: DECK.cards.slice(16),
    });
  });
});
