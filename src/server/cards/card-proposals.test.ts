// New cards from screenshots (issue #36): a card the catalog lacks is read with its printed code and
// name, proposed to the moderators with example tiles, published with, approved into the catalog,
// and read as a card by the next upload.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { formWith, importRealCatalog } from '../../../test/support/images';
import { loadRealCatalog } from '../../../test/support/real-data';
import { COLLECTIONS, TAGS } from '../../common/game';
import { MESSAGES } from '../../common/messages';
import type { UploadImageResult } from '../../common/api/uploads';
import type { Deck } from '../../common/api/decks';
import type { CardProposal, CardProposalDecision } from '../../common/api/moderation';
import { generateScreenshot, type GeneratedScreenshot } from '../demo/share-screenshot';
import { createOcrPool, type OcrPool } from '../ocr/runtime/worker-pool';
import { OcrService } from '../ocr/runtime/ocr-service';
import { EXAMPLE_TILES_PER_PROPOSAL } from './card-proposals';
import { sweepOrphanImages } from '../images/orphan-sweep';

let pool: OcrPool;
let shot: GeneratedScreenshot;
beforeAll(async () => {
  pool = await createOcrPool({ size: 2, jobTimeoutMs: 120_000 });
  // Seed 101's first card, Pythagoras' Theorem (SMA009), is the card the catalog lacks below.
  shot = await generateScreenshot(loadRealCatalog(), { seed: 101, width: 900, quality: 85 });
});
afterAll(async () => {
  await pool?.close();
});

describeEachDatabase('cards proposed from screenshots', (ctx) => {
  let app: FastifyInstance;
  let player: TestUser;
  let moderator: TestUser;
  const missing = () => shot.truth.cards[0];

  beforeAll(async () => {
    app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      dialect: ctx.app.dialect,
      // Reads take what they take on a loaded machine: this file tests what is read, not how fast.
      ocr: OcrService.withPool(ctx.db, pool, { readTimeoutMs: 120_000 }),
    });
    await importRealCatalog(ctx.db);
    await ctx.db.deleteFrom('cards').where('code', '=', missing().code).execute();
    player = await buildUser(ctx.db);
    moderator = await buildUser(ctx.db, { role: 'moderator' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const upload = async (): Promise<UploadImageResult> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploadimage/',
      headers: { cookie: player.cookie },
      payload: formWith({}, { bytes: shot.image, type: 'image/jpeg', filename: 'deck.jpg' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<UploadImageResult>(res);
  };
  const proposals = async (user: TestUser = moderator) =>
    app.inject({ url: '/api/moderation/card-proposals', headers: { cookie: user.cookie } });
  const decide = (id: string, verb: 'approve' | 'reject', user: TestUser = moderator) =>
    app.inject({
      method: 'POST',
      url: `/api/moderation/card-proposals/${id}/${verb}`,
      headers: { cookie: user.cookie },
    });
  const publish = (cards: Array<{ code: string; name: string }>, newCards?: string[]) =>
    app.inject({
      method: 'POST',
      url: '/api/decks/post/',
      headers: { cookie: player.cookie },
      payload: formWith(
        {
          title: 'A deck with a new card',
          description: '',
          collections: JSON.stringify([COLLECTIONS[0].code]),
          tags: JSON.stringify([TAGS[0].name]),
          cards: JSON.stringify(cards.map((card) => card.name)),
          cardCodes: JSON.stringify(cards.map((card) => card.code)),
          newCards: newCards && JSON.stringify(newCards),
          deckcode: '',
        },
        { bytes: shot.image, type: 'image/jpeg', filename: 'deck.jpg' },
      ),
    });
  const catalogCards = (count: number) =>
    shot.truth.cards.slice(1, 1 + count).map(({ code, name }) => ({ code, name }));

  test('an upload answers the card as read, and each upload counts for its proposal with a tile', async () => {
    const first = await upload();
    expect(first.unknownCards).toEqual([{ position: 0, code: missing().code, name: "Pythagoras' Theorem" }]);
    expect(first.detected.map((card) => card.code)).not.toContain(missing().code);
    await upload();

    expect((await proposals(player)).statusCode).toBe(403);
    const res = await proposals();
    expect(res.statusCode).toBe(200);
    const [proposal, ...others] = json<{ proposals: CardProposal[] }>(res).proposals;
    expect(others).toEqual([]);
    expect(proposal).toMatchObject({ code: missing().code, name: "Pythagoras' Theorem", seenCount: 2, deckCount: 0 });
    expect(proposal.examples).toHaveLength(2);
    const tile = await app.inject({ url: proposal.examples[0] });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toMatch(/^image\//);
  });

  test(`keeps at most ${EXAMPLE_TILES_PER_PROPOSAL} example tiles however many uploads see the card`, async () => {
    await upload();
    await upload();
    const [proposal] = json<{ proposals: CardProposal[] }>(await proposals()).proposals;
    expect(proposal.seenCount).toBe(4);
    expect(proposal.examples).toHaveLength(EXAMPLE_TILES_PER_PROPOSAL);
  });

  test("the start-up sweep keeps a proposal's example tiles, which no deck points at", async () => {
    const [proposal] = json<{ proposals: CardProposal[] }>(await proposals()).proposals;
    await sweepOrphanImages(ctx.db, app.images);
    for (const url of proposal.examples) expect((await app.inject({ url })).statusCode).toBe(200);
  });

  test('a publish takes the new card only when named in newCards, with a card code and no catalog code', async () => {
    const card = { code: missing().code, name: "Pythagoras' Theorem" };
    const withoutFlag = await publish([card, ...catalogCards(5)]);
    expect(withoutFlag.statusCode).toBe(400);
    expect(json<{ message: string }>(withoutFlag).message).toContain('Not in the card catalog');

    const badCode = await publish([{ code: 'sma-9', name: 'X' }, ...catalogCards(5)], ['sma-9']);
    expect(badCode.statusCode).toBe(400);
    expect(json<{ message: string }>(badCode).message).toBe(MESSAGES.upload.newCardCodeInvalid('sma-9'));

    const taken = catalogCards(1)[0];
    const takenCode = await publish(
      [{ code: taken.code, name: 'Another Name' }, ...catalogCards(6).slice(1)],
      [taken.code],
    );
    expect(takenCode.statusCode).toBe(400);
    expect(json<{ message: string }>(takenCode).message).toBe(MESSAGES.upload.newCardCodeTaken(taken.code, taken.name));
  });

  test('published with the name a player checked, approved into the catalog, read by the next upload', async () => {
    const res = await publish(
      [{ code: missing().code, name: 'Pythagoras Theorem' }, ...catalogCards(17)],
      [missing().code],
    );
    expect(res.statusCode, res.body).toBe(201);
    const deck = json<Deck>(res);
    expect(deck.cardList?.[0]).toMatchObject({ code: missing().code, name: 'Pythagoras Theorem' });

    const [proposal] = json<{ proposals: CardProposal[] }>(await proposals()).proposals;
    expect(proposal).toMatchObject({ name: 'Pythagoras Theorem', seenCount: 4, deckCount: 1 });

    expect((await decide(proposal.id, 'approve', player)).statusCode).toBe(403);
    const approved = await decide(proposal.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<CardProposalDecision>(approved)).toEqual({
      code: missing().code,
      name: 'Pythagoras Theorem',
      status: 'approved',
      deckCount: 1,
    });
    expect((await decide(proposal.id, 'approve')).statusCode).toBe(409);
    expect(json<{ proposals: CardProposal[] }>(await proposals()).proposals).toEqual([]);

    // The card is in the catalog, its page counts the deck, and the reader's index follows.
    const page = await app.inject({ url: `/api/cards/${missing().code}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Pythagoras Theorem');
    const next = await upload();
    expect(next.detected[0]).toMatchObject({ code: missing().code, name: 'Pythagoras Theorem' });
    expect(next.unknownCards).toEqual([]);
  });

  test('a rejected card stays out of the catalog, and a publish naming it as new is refused', async () => {
    const made = { code: 'ZZQ999', name: 'Made Up Card' };
    expect((await publish([made, ...catalogCards(5)], [made.code])).statusCode).toBe(201);
    const proposal = json<{ proposals: CardProposal[] }>(await proposals()).proposals.find((p) => p.code === made.code);
    expect(proposal).toMatchObject({ name: made.name, seenCount: 0, deckCount: 1, examples: [] });
    const rejected = await decide(proposal!.id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(json<CardProposalDecision>(rejected)).toMatchObject({ status: 'rejected' });
    expect(await ctx.db.selectFrom('cards').select('code').where('code', '=', made.code).execute()).toEqual([]);
    const again = await publish([made, ...catalogCards(5)], [made.code]);
    expect(again.statusCode).toBe(400);
    expect(json<{ message: string }>(again).message).toBe(MESSAGES.upload.newCardRejected(made.code));
    expect((await decide('0123456789abcdef01234567', 'reject')).statusCode).toBe(404);
  });
});
