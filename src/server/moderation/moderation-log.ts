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

/** The latest log lines, newest first. */
export async function listLog(db: Db, limit: number): Promise<ModerationLogEntry[]> {
  const rows = await db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.moderator_id')
    .select([
      'users.username',
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
    createdAt: row.created_at,
  }));
}
