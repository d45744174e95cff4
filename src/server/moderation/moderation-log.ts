// Every moderator action, with who and when: the queue shows the latest lines.
import type { Db } from '../db/connect';
import { newId } from '../db/ids';
import type { ModeratedItemType, ModerationAction, ModerationLogEntry } from '../../common/api/moderation';

export async function logAction(
  db: Db,
  entry: { moderatorId: string; action: ModerationAction; itemType: ModeratedItemType; itemId: string; at: string },
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      id: newId(),
      moderator_id: entry.moderatorId,
      action: entry.action,
      item_type: entry.itemType,
      item_id: entry.itemId,
      created_at: entry.at,
    })
    .execute();
}

/** The latest log lines, newest first, each with the title of the deck it concerns (a comment's deck for a comment). */
export async function listLog(db: Db, limit: number): Promise<ModerationLogEntry[]> {
  const rows = await db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.moderator_id')
    .leftJoin('comments', (join) =>
      join.onRef('comments.id', '=', 'moderation_log.item_id').on('moderation_log.item_type', '=', 'comment'),
    )
    // A comment's deck, else the item itself; ids are unique across tables, so a deck id never names a comment.
    .leftJoin('decks', (join) =>
      join.on((eb) => eb('decks.id', '=', eb.fn.coalesce('comments.deck_id', 'moderation_log.item_id'))),
    )
    .select([
      'users.username',
      'decks.id as deck_id',
      'decks.title as deck_title',
      'moderation_log.action',
      'moderation_log.item_type',
      'moderation_log.item_id',
      'moderation_log.created_at',
    ])
    .orderBy('moderation_log.created_at', 'desc')
    .orderBy('moderation_log.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    moderator: row.username ?? null,
    action: row.action,
    itemType: row.item_type,
    itemId: row.item_id,
    deckId: row.deck_id ?? null,
    deckTitle: row.deck_title ?? null,
    createdAt: row.created_at,
  }));
}

/** The deck an item is or belongs to, with its title, as a log line names it; nulls when it is gone. */
export async function deckOfItem(
  db: Db,
  itemType: ModeratedItemType,
  itemId: string,
): Promise<{ deckId: string | null; deckTitle: string | null }> {
  const deckId =
    itemType === 'deck'
      ? itemId
      : (await db.selectFrom('comments').select('deck_id').where('id', '=', itemId).executeTakeFirst())?.deck_id;
  const deck = deckId
    ? await db.selectFrom('decks').select(['id', 'title']).where('id', '=', deckId).executeTakeFirst()
    : undefined;
  return { deckId: deck?.id ?? null, deckTitle: deck?.title ?? null };
}
