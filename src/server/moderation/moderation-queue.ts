// The moderators' queue: the items with open reports (newest report first), then the hidden items
// without any (most recently hidden first), each with what a moderator needs to decide.
import type { Db } from '../db/connect';
import type { ModeratedItemType, QueueItem } from '../../common/api/moderation';
import { findComments } from '../comments/comment-store';
import { listOpenReports } from './report-store';

/** Open reports read at most (they group into fewer items), and hidden items listed per type. */
const MAX_OPEN_REPORTS = 500;
const MAX_HIDDEN_PER_TYPE = 100;

const keyOf = (type: ModeratedItemType, id: string) => `${type}:${id}`;

export async function readQueue(db: Db): Promise<QueueItem[]> {
  const [reports, hiddenDecks, hiddenComments] = await Promise.all([
    listOpenReports(db, MAX_OPEN_REPORTS),
    db.selectFrom('decks').select('id').where('hidden_at', 'is not', null).orderBy('hidden_at', 'desc').limit(MAX_HIDDEN_PER_TYPE).execute(),
    db.selectFrom('comments').select('id').where('hidden_at', 'is not', null).orderBy('hidden_at', 'desc').limit(MAX_HIDDEN_PER_TYPE).execute(),
  ]);
  // Items in queue order: first report seen is the newest.
  const order: { type: ModeratedItemType; id: string }[] = [];
  const reportsOf = new Map<string, QueueItem['reports']>();
  const add = (type: ModeratedItemType, id: string) => {
    if (!reportsOf.has(keyOf(type, id))) {
      reportsOf.set(keyOf(type, id), []);
      order.push({ type, id });
    }
  };
  for (const report of reports) {
    add(report.item_type, report.item_id);
    reportsOf.get(keyOf(report.item_type, report.item_id))!.push({ username: report.username, reason: report.reason, createdAt: report.created_at });
  }
  for (const { id } of hiddenDecks) add('deck', id);
  for (const { id } of hiddenComments) add('comment', id);

  const idsOf = (type: ModeratedItemType) => order.filter((item) => item.type === type).map((item) => item.id);
  const [decks, comments] = await Promise.all([
    idsOf('deck').length
      ? db
          .selectFrom('decks')
          .innerJoin('users', 'users.id', 'decks.user_id')
          .select(['decks.id', 'decks.title', 'decks.hidden_at', 'users.username'])
          .where('decks.id', 'in', idsOf('deck'))
          .execute()
      : [],
    idsOf('comment').length ? db.selectFrom('comments').select(['id', 'deck_id']).where('id', 'in', idsOf('comment')).execute() : [],
  ]);
  const deckById = new Map(decks.map((deck) => [deck.id, deck]));
  const deckOfComment = new Map(comments.map((comment) => [comment.id, comment.deck_id]));
  const commentById = new Map((await findComments(db, idsOf('comment'))).map((comment) => [comment._id, comment]));

  // An item deleted since it was reported has left the queue with it.
  return order.flatMap(({ type, id }): QueueItem[] => {
    const reports = reportsOf.get(keyOf(type, id))!;
    if (type === 'deck') {
      const deck = deckById.get(id);
      return deck ? [{ itemType: type, itemId: id, deckId: id, text: deck.title, author: deck.username, isHidden: deck.hidden_at !== null, reports }] : [];
    }
    const comment = commentById.get(id);
    const deckId = deckOfComment.get(id);
    return comment && deckId
      ? [{ itemType: type, itemId: id, deckId, text: comment.Comment, html: comment.html, author: comment.Username, isHidden: comment.isHidden === true, reports }]
      : [];
  });
}
