// Publishing has a budget per account and per client IP (issue 33 M3: one account published 60
// decks in 3.2 s). A refused form spends none of it; a publish past it stores nothing.
import path from 'node:path';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser } from '../../../test/support/factories';
import { MESSAGES } from '../../common/messages';
import { COLLECTIONS } from '../../common/game';
import {
  expectedScreenshotDeck,
  filesUnder,
  formWith,
  importRealCatalog,
  pngImage,
} from '../../../test/support/images';

const PER_ACCOUNT = 3;
const PER_IP = 5;

describeEachDatabase(
  'publish budget',
  (ctx) => {
    let image: Buffer;
    beforeAll(async () => {
      await importRealCatalog(ctx.db);
      image = await pngImage();
    });

    const fields = (title: string) => ({
      title,
      albums: JSON.stringify(['Space']),
      collections: JSON.stringify([COLLECTIONS[0].code]),
      cards: JSON.stringify(expectedScreenshotDeck().cards.map((c) => c.name)),
    });
    const publish = (cookie: string, title: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/decks/post/',
        headers: { cookie },
        payload: formWith(fields(title), { bytes: image }),
      });
    const stored = async () => ({
      decks: (await ctx.db.selectFrom('decks').select('id').execute()).length,
      files: filesUnder(path.join(ctx.config.dataDir, 'uploads')).length,
    });

    test(`${PER_ACCOUNT} decks per account, ${PER_IP} per address, then 429 with Retry-After and nothing stored; refused forms do not count`, async () => {
      const first = await buildUser(ctx.db);
      // Forms the server refuses spend nothing.
      for (let i = 0; i < PER_ACCOUNT + 2; i++) {
        const refused = await ctx.app.inject({
          method: 'POST',
          url: '/api/decks/post/',
          headers: { cookie: first.cookie },
          payload: formWith({ ...fields(''), title: '' }, { bytes: image }),
        });
        expect(refused.statusCode).toBe(400);
      }
      // Sent at once, so the budget holds under concurrency, not only one request after another.
      const burst = await Promise.all(
        Array.from({ length: PER_ACCOUNT + 3 }, (_, i) => publish(first.cookie, `Burst ${i}`)),
      );
      expect(burst.map((r) => r.statusCode).sort()).toEqual([...Array(PER_ACCOUNT).fill(201), ...Array(3).fill(429)]);
      const refused = burst.find((r) => r.statusCode === 429)!;
      expect(json(refused)).toEqual({
        error: 'Too Many Requests',
        message: expect.stringMatching(/^You are publishing decks too quickly\. Please try again in \d+ minutes?\.$/),
      });
      expect(json<{ message: string }>(refused).message.startsWith(MESSAGES.rateLimits.publishes)).toBe(true);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const afterBurst = await stored();
      expect(afterBurst.decks).toBe(PER_ACCOUNT);
      // The files of one deck (its image), so the refused ones are seen to have stored none.
      const filesPerDeck = afterBurst.files / PER_ACCOUNT;
      expect(filesPerDeck).toBeGreaterThanOrEqual(1);

      // A second account from the same address has the rest of the address's budget.
      const second = await buildUser(ctx.db);
      for (let i = 0; i < PER_IP - PER_ACCOUNT; i++)
        expect((await publish(second.cookie, `Second ${i}`)).statusCode).toBe(201);
      const overAddress = await publish(second.cookie, 'One too many');
      expect(overAddress.statusCode).toBe(429);
      expect(overAddress.headers['retry-after']).toBeDefined();
      expect(await stored()).toEqual({ decks: PER_IP, files: PER_IP * filesPerDeck });
      expect(
        (await ctx.db.selectFrom('decks').select('title').where('title', '=', 'One too many').execute()).length,
      ).toBe(0);
    });
  },
  { config: { limits: { publishesPerAccount: PER_ACCOUNT, publishesPerIp: PER_IP } } },
);
