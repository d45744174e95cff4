// Two instances of the app on one database, as behind a load balancer: each keeps deck answers in
// memory for 5 s, and a write through one must show on the other at once (Redis pub/sub): the very
// next read on the other, with no wait, already sees it.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildDeck, buildUser, type TestUser } from '../../../test/support/factories';
import { testRedisUrl } from '../../../test/support/outside-programs';
import type { Deck, DecksPage } from '../../common/api/decks';

const REDIS_URL = testRedisUrl();

// Skipped, with the run's one line saying so, when no Redis is given (TEST_REDIS_URL).
describe.runIf(REDIS_URL)('deck evictions through Redis', () => {
  describeEachDatabase(
    'deck answers kept by several instances',
    (ctx) => {
      let other: FastifyInstance;
      let owner: TestUser;
      let voter: TestUser;
      let deckId: string;

      beforeAll(async () => {
        other = await buildApp({
          config: ctx.config,
          db: ctx.db,
          dialect: ctx.dbName === 'postgres' ? 'postgres' : 'sqlite',
        });
        owner = await buildUser(ctx.db);
        voter = await buildUser(ctx.db);
        deckId = await buildDeck(ctx.db, owner.id, { title: 'Shared' });
      });
      afterAll(async () => {
        await other?.close();
      });

      const deckOn = async (app: FastifyInstance) =>
        json<Deck>(await app.inject({ url: `/api/decks/onedeck/${deckId}` }));
      const profileOn = async (app: FastifyInstance) =>
        json<DecksPage>(await app.inject({ url: `/api/decks/${owner.username}` }));

      test('a vote through one instance shows on the other at once', async () => {
        // Both keep the deck with no votes.
        expect((await deckOn(ctx.app)).score).toBe(0);
        expect((await deckOn(other)).score).toBe(0);
        const vote = await other.inject({
          method: 'POST',
          url: `/api/decks/onedeck/${deckId}`,
          headers: { cookie: voter.cookie },
          payload: { change: 'increase' },
        });
        expect(vote.statusCode).toBe(200);
        expect((await deckOn(ctx.app)).score).toBe(1);
      });

      test('an edit and a deletion through one instance show on the other at once', async () => {
        expect((await profileOn(ctx.app)).decks.map((d) => d.title)).toEqual(['Shared']);
        const edit = await other.inject({
          method: 'POST',
          url: `/api/decks/editdeck/${deckId}`,
          headers: { cookie: owner.cookie },
          payload: { title: 'Renamed' },
        });
        expect(edit.statusCode).toBe(200);
        expect((await profileOn(ctx.app)).decks[0]?.title).toBe('Renamed');
        expect((await deckOn(ctx.app)).title).toBe('Renamed');

        const removed = await other.inject({
          method: 'DELETE',
          url: `/api/decks/deleteone/${deckId}`,
          headers: { cookie: owner.cookie },
        });
        expect(removed.statusCode).toBe(200);
        expect((await ctx.app.inject({ url: `/api/decks/onedeck/${deckId}` })).statusCode).toBe(404);
        expect((await profileOn(ctx.app)).totalDecks).toBe(0);
      });
    },
    { config: { redisUrl: REDIS_URL } },
  );
});
