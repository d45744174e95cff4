// The exact cards of a deck: several catalog cards share a name (the real catalog has 8 such
// names), and the one the reader found or the user picked is the one published, stored and shown.
import path from 'node:path';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { filesUnder, formWith, importRealCatalog, pngImage } from '../../../test/support/images';
import type { Deck } from '../../common/api/decks';

/** Names each shared by two codes in the real catalog, with the lower code first. */
const SHARED = [
  { name: 'Osiris', low: 'ACEM012', high: 'EEG012' },
  { name: 'Phoenix', low: 'LMC001', high: 'SCO014' },
  { name: 'Pegasus', low: 'LMC019', high: 'SCO009' },
  { name: 'Sailfish', low: 'OFF017', high: 'OFI007' },
  { name: 'Piranha', low: 'OFF025', high: 'OFI025' },
];
const NAMES = SHARED.map((c) => c.name);

describeEachDatabase('Exact cards of a published deck', (ctx) => {
  let user: TestUser;
  let image: Buffer;
  const post = (fields: Record<string, string | string[] | undefined>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/decks/post/',
      headers: { cookie: user.cookie },
      payload: formWith(
        { title: 'Twins', tags: JSON.stringify(['Budget']), cards: JSON.stringify(NAMES), ...fields },
        { bytes: image },
      ),
    });
  const storedCodes = async (deckId: string) =>
    (
      await ctx.db
        .selectFrom('deck_cards')
        .select(['card_name', 'card_code'])
        .where('deck_id', '=', deckId)
        .orderBy('position')
        .execute()
    ).map((r) => [r.card_name, r.card_code]);

  beforeAll(async () => {
    await importRealCatalog(ctx.db);
    user = await buildUser(ctx.db);
    image = await pngImage();
  });

  test('the codes sent with the names are the cards stored and answered, on publishing and on every later read', async () => {
    const res = await post({ cardCodes: JSON.stringify(SHARED.map((c) => c.high)) });
    expect(res.statusCode).toBe(201);
    const deck = json<Deck>(res);
    const exact = SHARED.map((c) => ({ name: c.name, code: c.high }));
    expect(deck.cards).toEqual(NAMES);
    expect(deck.cardList).toEqual(exact);
    expect(await storedCodes(deck._id)).toEqual(SHARED.map((c) => [c.name, c.high]));
    const read = json<Deck>(await ctx.app.inject({ url: `/api/decks/onedeck/${deck._id}` }));
    expect(read.cardList).toEqual(exact);
    const listed = json<{ decks: Deck[] }>(
      await ctx.app.inject({ url: `/api/decks/${user.username}?page=1&limit=12` }),
    ).decks.find((d) => d._id === deck._id);
    expect(listed?.cardList).toEqual(exact);
  });

  test('an old client sending names only gets the lowest code of each name, as before', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(201);
    expect(json<Deck>(res).cardList).toEqual(SHARED.map((c) => ({ name: c.name, code: c.low })));
  });

  test('an empty code lets the name decide for that card alone; names are matched ignoring case and accents', async () => {
    const res = await post({
      cards: JSON.stringify(['osiris', 'PHOENIX', 'Pegasus', 'Sailfish', 'Caño cristales']),
      cardCodes: JSON.stringify(['EEG012', '', 'SCO009', '', 'ORR014']),
    });
    expect(res.statusCode).toBe(201);
    expect(json<Deck>(res).cardList).toEqual([
      { name: 'Osiris', code: 'EEG012' },
      { name: 'Phoenix', code: 'LMC001' },
      { name: 'Pegasus', code: 'SCO009' },
      { name: 'Sailfish', code: 'OFF017' },
      { name: 'Caño Cristales', code: 'ORR014' },
    ]);
  });

  describe('refuses, storing nothing', () => {
    let decksBefore: number;
    let filesBefore: string[];
    const uploadsDir = () => path.join(ctx.config.dataDir, 'uploads');
    const deckCount = async () => (await ctx.db.selectFrom('decks').select('id').execute()).length;
    beforeEach(async () => {
      decksBefore = await deckCount();
      filesBefore = filesUnder(uploadsDir());
    });
    afterEach(async () => {
      expect(await deckCount()).toBe(decksBefore);
      expect(filesUnder(uploadsDir())).toEqual(filesBefore);
    });

    test.each<[string, string[], string]>([
      [
        'a code of another card than the name',
        ['EEG012', 'SCO014', 'ORR014', 'OFI007', 'OFI025'],
        'Card codes and names do not match: ORR014 is Caño Cristales, not Pegasus.',
      ],
      [
        'a code not in the catalog',
        ['EEG012', 'SCO014', 'NOPE999', 'OFI007', 'OFI025'],
        'Not in the card catalog: Pegasus (NOPE999).',
      ],
      [
        'fewer codes than cards',
        ['EEG012', 'SCO014'],
        'Send one card code per card, in the same order (an empty code to find the card by its name).',
      ],
    ])('%s', async (_, codes, message) => {
      const res = await post({ cardCodes: JSON.stringify(codes) });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Bad Request', message });
    });
  });
});
