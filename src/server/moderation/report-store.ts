// Users' reports of decks and comments. One per user and item: the unique index decides, so two
// reports sent at once still make one, and the second gets the same 409 as a later one.
import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import type { ModeratedItemType } from '../../common/api/moderation';

/** Both drivers' "unique constraint violated" codes. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Stores the report; false when this user has reported this item before. */
export async function insertReport(
  db: Db,
  report: { itemType: ModeratedItemType; itemId: string; userId: string; reason: string },
): Promise<{ createdAt: string } | null> {
  const createdAt = nowIso();
  try {
    await db
      .insertInto('reports')
      .values({
        id: newId(),
        item_type: report.itemType,
        item_id: report.itemId,
        user_id: report.userId,
        reason: report.reason,
        created_at: createdAt,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return { createdAt };
}

/** Marks the item's open reports as dealt with; returns how many there were. */
export async function resolveReports(
  db: Db,
  itemType: ModeratedItemType,
  itemId: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ resolved_at: now })
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
