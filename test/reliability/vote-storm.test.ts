// Many users writing to the same rows at once: no vote and no comment may be lost or doubled,
// and a deck's score must always equal its number of voters.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { buildDeck, buildUser, type TestUser } from '../support/factories';
import { describeEachDatabase, json } from '../support/test-app';

const USERS = 100;
const DECKS = 5;
const ROUNDS = 10;
/** Decks each user toggles per round (different ones, so a round's outcome does not depend on order). */
const TOGGLES_PER_ROUND = 1;
const COMMENTS = 500;
/** Far more comments per user and per address than people post: the budgets are not what is tested here. */
const STORM_SETUP = { config: { limits: { commentsPerAccount: COMMENTS, commentsPerIp: COMMENTS } } };

describeEachDatabase(
  'concurrent writes lose nothing',
  (ctx) => {
    let users: TestUser[] = [];
    let deckIds: string[] = [];

    beforeAll(async () => {
      const owner = await buildUser(ctx.db);
      users = [];
      for (let i = 0; i < USERS; i++) users.push(await buildUser(ctx.db));
      deckIds = [];
      for (let i = 0; i < DECKS; i++) deckIds.push(await buildDeck(ctx.db, owner.id));
    });

    test(
      `${USERS} users toggling votes on the same ${DECKS} decks, ${ROUNDS} rounds`,
      { timeout: 120_000 },
      async () => {
        // Each round, every user toggles one deck, all at once while readers keep reading:
        // afterwards a deck's voters are exactly the users whose last toggle on it was 'increase'.
        const toggle = fc.record({
          decks: fc.uniqueArray(fc.nat(DECKS - 1), { minLength: TOGGLES_PER_ROUND, maxLength: TOGGLES_PER_ROUND }),
          increase: fc.boolean(),
        });
        const plan = fc.sample(fc.array(toggle, { minLength: USERS, maxLength: USERS }), { numRuns: ROUNDS, seed: 42 });
        const expected = deckIds.map(() => new Set<string>());
        for (const round of plan) {
          const writes = round.flatMap(({ decks, increase }, u) =>
            decks.map(async (deck) => {
              const res = await ctx.app.inject({
                method: 'POST',
                url: `/api/decks/onedeck/${deckIds[deck]}`,
                headers: { cookie: users[u].cookie },
                payload: { change: increase ? 'increase' : 'decrease' },
              });
              expect(res.statusCode, res.body).toBe(200);
            }),
          );
          const reads = deckIds.map(async (id) =>
            expect((await ctx.app.inject({ url: `/api/decks/onedeck/${id}` })).statusCode).toBe(200),
          );
          await Promise.all([...writes, ...reads]);
          round.forEach(({ decks, increase }, u) => {
            for (const deck of decks) {
              if (increase) expected[deck].add(users[u].username);
              else expected[deck].delete(users[u].username);
            }
          });
        }

        for (const [index, id] of deckIds.entries()) {
          const row = await ctx.db.selectFrom('decks').select('score').where('id', '=', id).executeTakeFirstOrThrow();
          const votes = await ctx.db
            .selectFrom('votes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('deck_id', '=', id)
            .executeTakeFirstOrThrow();
          expect(Number(row.score)).toBe(expected[index].size);
          expect(Number(votes.n)).toBe(expected[index].size);
          // What a visitor sees right after the storm, through the deck cache.
          const deck = json<{ score: number; voters: string[] }>(
            await ctx.app.inject({ url: `/api/decks/onedeck/${id}` }),
          );
          expect(deck.score).toBe(expected[index].size);
          expect(new Set(deck.voters)).toEqual(expected[index]);
        }
      },
    );

    test(`${COMMENTS} concurrent comments are each stored exactly once`, { timeout: 120_000 }, async () => {
      const deckId = deckIds[0];
      const texts = Array.from({ length: COMMENTS }, (_, i) => `storm comment ${'x'.repeat(i % 50)} #${i}`);
      const answers = await Promise.all(
        texts.map((comment, i) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/comments/post/${deckId}`,
            headers: { cookie: users[i % USERS].cookie },
            payload: { comment },
          }),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
      const ids = answers.map((res) => json<{ _id: string }>(res)._id);
      expect(new Set(ids).size).toBe(COMMENTS);

      // Every page, following the Link to the next one.
      const listed: { _id: string; Comment: string; Username: string }[] = [];
      for (let url: string | undefined = `/api/comments/get/${deckId}`; url;) {
        const page: LightMyRequestResponse = await ctx.app.inject({ url });
        listed.push(...json<typeof listed>(page));
        url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
      }
      expect(listed).toHaveLength(COMMENTS);
      expect(listed.map((c) => c.Comment).sort()).toEqual([...texts].sort());
      // Each one under the name of the user who posted it.
      const byText = new Map(listed.map((c) => [c.Comment, c.Username]));
      texts.forEach((text, i) => expect(byText.get(text)).toBe(users[i % USERS].username));
    });
  },
  STORM_SETUP,
);
