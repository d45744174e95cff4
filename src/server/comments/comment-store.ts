import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import type { Comment } from '../../common/api/comments';

/** The fields of a comment that leave the server. */
function toComment(row: { id: string; username: string; body: string; created_at: string }): Comment {
  return { _id: row.id, Username: row.username, Comment: row.body, createdAt: row.created_at };
}

const withAuthor = (db: Db) =>
  db.selectFrom('comments').innerJoin('users', 'users.id', 'comments.user_id').select(['comments.id', 'users.username', 'comments.body', 'comments.created_at']);

/** One page of a deck's comments, oldest first, and whether a later page has any. */
export async function listComments(db: Db, deckId: string, page: { page: number; limit: number }): Promise<{ comments: Comment[]; more: boolean }> {
  const rows = await withAuthor(db)
    .where('comments.deck_id', '=', deckId)
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    // One row past the page says whether there is a next one, without counting them all.
    .limit(page.limit + 1)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { comments: rows.slice(0, page.limit).map(toComment), more: rows.length > page.limit };
}

export async function createComment(db: Db, input: { deckId: string; userId: string; body: string; createdAt?: Date }): Promise<Comment> {
  const id = newId();
  await db.insertInto('comments').values({ id, deck_id: input.deckId, user_id: input.userId, body: input.body, created_at: nowIso(input.createdAt) }).execute();
  return toComment((await withAuthor(db).where('comments.id', '=', id).executeTakeFirstOrThrow()));
}

export async function findComment(db: Db, id: string) {
  return db.selectFrom('comments').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}
