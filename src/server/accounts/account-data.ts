// What the site holds about one account, read out (export) or removed (deletion).
import type { Db } from '../db/connect';
import { loadDecks } from '../decks/deck-store';
import { removeDeck, type DeckWriteDeps } from '../decks/deck-writes';
import type { AccountExport } from '../../common/api/account';

/** Everything about the user: profile, decks (hidden ones too), comments and votes, oldest first. */
export async function exportAccount(db: Db, userId: string, now = new Date()): Promise<AccountExport> {
  const [user, deckIds, comments, votes] = await Promise.all([
    db
      .selectFrom('users')
      .select(['username', 'email', 'email_verified_at', 'role', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('decks').select('id').where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('comments')
      .select(['id', 'deck_id', 'body', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('votes')
      .select(['deck_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('deck_id')
      .execute(),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      username: user.username,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      role: user.role,
      createdAt: user.created_at,
    },
    decks: await loadDecks(
      db,
      deckIds.map((row) => row.id),
      'with-hidden',
    ),
    comments: comments.map((c) => ({ id: c.id, deckId: c.deck_id, body: c.body, createdAt: c.created_at })),
    votes: votes.map((v) => ({ deckId: v.deck_id, createdAt: v.created_at })),
  };
}

/**
 * Deletes the account. Its decks go one by one through the deck writes (rows, cached reads, image
 * files); then the user row, whose foreign keys take its comments, votes (the score triggers take
 * each vote off its deck), reports, sessions and mailed links with it, and leave moderation log
 * entries without a moderator. The decks it had voted on are evicted so their scores show at once.
 */
export async function deleteAccount(deps: DeckWriteDeps, userId: string): Promise<void> {
  const [decks, voted] = await Promise.all([
    deps.db.selectFrom('decks').select(['id', 'image']).where('user_id', '=', userId).execute(),
    deps.db.selectFrom('votes').select('deck_id').where('user_id', '=', userId).execute(),
  ]);
  for (const deck of decks) await removeDeck(deps, deck);
  await deps.db.deleteFrom('users').where('id', '=', userId).execute();
  for (const { deck_id } of voted) await deps.deckEvictions.evict({ deck: deck_id });
  // Comment lists are read from the database on every request: nothing of theirs is cached.
  await deps.deckEvictions.evict({ pages: true });
}
