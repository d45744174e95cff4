import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import type { Comment } from '../../common/api/comments';
import { renderComments } from './comment-markdown';

interface CommentRow {
  id: string;
  username: string;
  body: string;
  body_html: string;
  created_at: string;
  hidden_at: string | null;
}

/** The fields of a comment that leave the server, with its text as the safe HTML stored when it was written. */
function toComment(row: CommentRow): Comment {
  return {
    _id: row.id,
    Username: row.username,
    Comment: row.body,
    html: row.body_html,
    createdAt: row.created_at,
    ...(row.hidden_at !== null ? { isHidden: true as const } : {}),
  };
}

const withAuthor = (db: Db) =>
  db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'users.username',
      'comments.body',
      'comments.body_html',
      'comments.created_at',
      'comments.hidden_at',
    ]);

/**
 * Who reads a deck's comments: hidden ones are left out, except the reader's own (marked hidden)
 * and, for a moderator, all of them. policies.ts says the same for one comment ('item.see').
 */
export interface CommentReader {
  userId: string | null;
  seesAllHidden: boolean;
}

/** One page of a deck's comments, oldest first, and whether a later page has any. */
export async function listComments(
  db: Db,
  deckId: string,
  page: { page: number; limit: number },
  reader: CommentReader = { userId: null, seesAllHidden: false },
): Promise<{ comments: Comment[]; more: boolean }> {
  let query = withAuthor(db).where('comments.deck_id', '=', deckId);
  if (!reader.seesAllHidden) {
    const { userId } = reader;
    query = query.where((eb) =>
      userId
        ? eb.or([eb('comments.hidden_at', 'is', null), eb('comments.user_id', '=', userId)])
        : eb('comments.hidden_at', 'is', null),
    );
  }
  const rows = await query
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    // One row past the page says whether there is a next one, without counting them all.
    .limit(page.limit + 1)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { comments: rows.slice(0, page.limit).map(toComment), more: rows.length > page.limit };
}

export async function createComment(
  db: Db,
  input: { deckId: string; userId: string; body: string; createdAt?: Date },
): Promise<Comment> {
  const id = newId();
  const [html] = await renderComments(db, [input.body]);
  await db
    .insertInto('comments')
    .values({
      id,
      deck_id: input.deckId,
      user_id: input.userId,
      body: input.body,
      body_html: html,
      created_at: nowIso(input.createdAt),
    })
    .execute();
  return (await findComments(db, [id]))[0];
}

/** Full comments of the ids (hidden or not), in no particular order. */
export async function findComments(db: Db, ids: string[]): Promise<Comment[]> {
  if (ids.length === 0) return [];
  return (await withAuthor(db).where('comments.id', 'in', ids).execute()).map(toComment);
}

/**
 * The row the permission rules need: the author, the deck, whether a moderator hid it, and the same
 * of its deck (a comment on a hidden deck is as missing as the deck, policies.ts 'comment.see').
 */
export async function findComment(db: Db, id: string) {
  const row = await db
    .selectFrom('comments')
    .innerJoin('decks', 'decks.id', 'comments.deck_id')
    .select([
      'comments.id',
      'comments.user_id',
      'comments.deck_id',
      'comments.hidden_at',
      'decks.user_id as deck_user_id',
      'decks.hidden_at as deck_hidden_at',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      user_id: row.user_id,
      deck_id: row.deck_id,
      hidden_at: row.hidden_at,
      deck: { user_id: row.deck_user_id, hidden_at: row.deck_hidden_at },
    }
  );
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

/** Hides the comment from everyone but its author and moderators (a time), or shows it again (null); false when it already was so. */
export async function setCommentHidden(db: Db, id: string, hiddenAt: string | null): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ hidden_at: hiddenAt })
    .where('id', '=', id)
    .where('hidden_at', hiddenAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
