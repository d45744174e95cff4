// The statistics the triggers keep (migrations/0006-deck-stats.ts) always equal the same numbers
// computed from the decks themselves, whatever writes the decks.
import { sql } from 'kysely';
import { describeEachDatabase } from '../../../test/support/test-app';
import { buildDeck, buildUser, cardNames } from '../../../test/support/factories';
import type { Db } from '../db/connect';
import { gameWeekOf } from '../../common/game';
import { changeVote, deleteDeck, updateDeck } from './deck-store';

/** Every statistic, computed from scratch from the public decks, sorted for comparison. */
async function recomputed(db: Db) {
  const q = async <T>(query: ReturnType<typeof sql<T>>) =>
    (await query.execute(db)).rows.map((row) => JSON.stringify(Object.values(row as object).map(String)));
  return {
    weeks: await q(sql`select week, count(*) as n from public_decks group by week order by week`),
    cards: await q(
      sql`select dc.card_code, count(*) as n, sum(d.score) as s from deck_cards dc join public_decks p on p.deck_id = dc.deck_id join decks d on d.id = dc.deck_id where dc.card_code is not null group by dc.card_code order by dc.card_code`,
    ),
    cardWeeks: await q(
      sql`select p.week, dc.card_code, count(*) as n from deck_cards dc join public_decks p on p.deck_id = dc.deck_id where dc.card_code is not null group by p.week, dc.card_code order by p.week, dc.card_code`,
    ),
    categories: await q(sql`select kind, value, n from (
        select 'album' as kind, album as value, count(*) as n from deck_albums a join public_decks p on p.deck_id = a.deck_id group by album
        union all select 'collection', collection, count(*) from deck_collections c join public_decks p on p.deck_id = c.deck_id group by collection
        union all select 'tag', tag, count(*) from deck_tags t join public_decks p on p.deck_id = t.deck_id group by tag) x order by kind, value`),
  };
}

/** The statistics as the triggers keep them, leaving out rows counted down to nothing. */
async function kept(db: Db) {
  const q = async <T>(query: ReturnType<typeof sql<T>>) =>
    (await query.execute(db)).rows.map((row) => JSON.stringify(Object.values(row as object).map(String)));
  return {
    weeks: await q(sql`select week, decks from week_stats where decks <> 0 order by week`),
    cards: await q(sql`select code, decks, score_sum from card_stats where decks <> 0 order by code`),
    cardWeeks: await q(sql`select week, code, decks from card_week_stats where decks <> 0 order by week, code`),
    categories: await q(sql`select kind, value, decks from category_stats where decks <> 0 order by kind, value`),
  };
}

describeEachDatabase('deck statistics kept by triggers', (ctx) => {
  test('publishing, voting, editing and deleting decks keep every statistic equal to a recount', async () => {
    const alice = await buildUser(ctx.db);
    const bob = await buildUser(ctx.db);
    const cards = cardNames(30);
    const created = [
      new Date('2026-11-23T10:59:59.999Z'),
      new Date('2026-11-23T11:00:00.000Z'),
      new Date('2026-11-30T12:00:00Z'),
    ];
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await buildDeck(ctx.db, alice.id, {
          cards: cards.slice(i * 2, i * 2 + 18),
          createdAt: created[i % 3],
          albums: ['Space', 'History'].slice(0, 1 + (i % 2)),
          tags: i % 2 ? ['Budget'] : [],
        }),
      );
    }
    expect(await kept(ctx.db)).toEqual(await recomputed(ctx.db));

    await changeVote(ctx.db, ids[0], alice.id, 'increase');
    await changeVote(ctx.db, ids[0], bob.id, 'increase');
    await changeVote(ctx.db, ids[1], bob.id, 'increase');
    await changeVote(ctx.db, ids[1], bob.id, 'increase'); // a repeat changes nothing
    await changeVote(ctx.db, ids[0], alice.id, 'decrease');
    await updateDeck(ctx.db, ids[2], { albums: ['Oceans & Seas'], tags: ['Budget', 'Mono Space'], collections: [] });
    await deleteDeck(ctx.db, ids[3]);
    expect(await kept(ctx.db)).toEqual(await recomputed(ctx.db));

    const card = await ctx.db
      .selectFrom('card_stats')
      .selectAll()
      .where('code', '=', cards[0].code)
      .executeTakeFirstOrThrow();
    expect({ decks: Number(card.decks), score: Number(card.score_sum) }).toEqual({ decks: 1, score: 1 });

    // A deleted user's decks go by cascade, and leave the statistics with them.
    await ctx.db.deleteFrom('users').where('id', '=', alice.id).execute();
    expect(await kept(ctx.db)).toEqual(await recomputed(ctx.db));
    expect((await kept(ctx.db)).cards).toEqual([]);
  });

  test('weeks are game weeks: a deck just before the Monday reset counts in the week before', async () => {
    const user = await buildUser(ctx.db);
    const before = new Date('2025-03-03T10:59:59.999Z');
    const after = new Date('2025-03-03T11:00:00.000Z');
    const a = await buildDeck(ctx.db, user.id, { createdAt: before });
    const b = await buildDeck(ctx.db, user.id, { createdAt: after });
    const weeks = await ctx.db
      .selectFrom('public_decks')
      .select(['deck_id', 'week'])
      .where('deck_id', 'in', [a, b])
      .execute();
    const weekOf = new Map(weeks.map((row) => [row.deck_id, Number(row.week)]));
    expect(weekOf.get(a)).toBe(gameWeekOf(before));
    expect(weekOf.get(b)).toBe(gameWeekOf(after));
    expect(weekOf.get(b)! - weekOf.get(a)!).toBe(1);
  });

  test('a deck that leaves the public set leaves every statistic, and comes back whole', async () => {
    const user = await buildUser(ctx.db);
    const id = await buildDeck(ctx.db, user.id, {
      cards: cardNames(18, 'Leaving').map((c, i) => ({ ...c, code: `LEAV${String(i).padStart(3, '0')}` })),
    });
    const withIt = await kept(ctx.db);
    const row = await ctx.db.selectFrom('public_decks').selectAll().where('deck_id', '=', id).executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('public_decks').where('deck_id', '=', id).execute();
    expect(await kept(ctx.db)).toEqual(await recomputed(ctx.db));
    expect((await kept(ctx.db)).cards.some((c) => c.includes('LEAV000'))).toBe(false);
    await ctx.db.insertInto('public_decks').values(row).execute();
    expect(await kept(ctx.db)).toEqual(withIt);
  });
});
