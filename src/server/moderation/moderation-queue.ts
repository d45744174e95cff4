// The moderators' queue, one page at a time: every reported item (not every report) and then the
// hidden items without open reports, each with what a moderator needs to decide. Reading only the
// newest N reports let a flood push a real report out of sight (issue 33 M1: 540 reports by 27 new
// accounts in 0.6 s); here every item is listed, and the order keeps a flood from burying one:
//   1. items reported by at least one established account (confirmed e-mail, ESTABLISHED_ACCOUNT_DAYS
//      old) before items reported only by new accounts, which anyone can make in numbers;
//   2. within each, the oldest first report first: what was waiting stays ahead of a later flood;
//   3. then hidden items without open reports, latest hidden first.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import {
  ESTABLISHED_ACCOUNT_DAYS,
  MAX_REPORTS_SHOWN,
  QUEUE_ITEMS_PER_PAGE,
  type ModeratedItemType,
  type QueueItem,
} from '../../common/api/moderation';
import { findComments } from '../comments/comment-store';

const DAY_MS = 86_400_000;
const keyOf = (type: ModeratedItemType, id: string) => `${type}:${id}`;

/** 1 for a reporter whose account is established at `now`, 0 for a new or unconfirmed one. */
const establishedReporter = (now: Date) => {
  const cutoff = new Date(now.getTime() - ESTABLISHED_ACCOUNT_DAYS * DAY_MS).toISOString();
  return sql<number>`case when users.email_verified_at is not null and users.created_at <= ${cutoff} then 1 else 0 end`;
};

/** Open reports of items that still exist (a deleted item leaves the queue with its reports). */
function openReports(db: Db) {
  return db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.user_id')
    .where('reports.resolved_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('reports.item_type', '=', 'deck'),
          eb.exists(eb.selectFrom('decks').select('decks.id').whereRef('decks.id', '=', 'reports.item_id')),
        ]),
        eb.and([
          eb('reports.item_type', '=', 'comment'),
          eb.exists(eb.selectFrom('comments').select('comments.id').whereRef('comments.id', '=', 'reports.item_id')),
        ]),
      ]),
    );
}

/** The reported items, one row each, with their counts. */
function reportedItems(db: Db, now: Date) {
  const established = establishedReporter(now);
  return openReports(db)
    .select(['reports.item_type', 'reports.item_id'])
    .select((eb) => [
      eb.fn.min('reports.created_at').as('first_at'),
      eb.fn.countAll<number | string>().as('reports'),
      eb.fn.sum<number | string>(established).as('established'),
    ])
    .groupBy(['reports.item_type', 'reports.item_id']);
}

/** Hidden decks and comments without open reports (those are listed with their reports). */
function hiddenItems(db: Db) {
  const noOpenReport = (type: ModeratedItemType, idColumn: 'decks.id' | 'comments.id') =>
    sql<SqlBool>`not exists (select 1 from reports where reports.item_type = ${type} and reports.item_id = ${sql.ref(idColumn)} and reports.resolved_at is null)`;
  return db
    .selectFrom('decks')
    .select([sql<ModeratedItemType>`${sql.lit('deck')}`.as('item_type'), 'decks.id as item_id', 'decks.hidden_at'])
    .where('decks.hidden_at', 'is not', null)
    .where(noOpenReport('deck', 'decks.id') as Expression<SqlBool>)
    .unionAll(
      db
        .selectFrom('comments')
        .select([
          sql<ModeratedItemType>`${sql.lit('comment')}`.as('item_type'),
          'comments.id as item_id',
          'comments.hidden_at',
        ])
        .where('comments.hidden_at', 'is not', null)
        .where(noOpenReport('comment', 'comments.id') as Expression<SqlBool>),
    );
}

/** How many rows a query of items has. */
const countOf = async (db: Db, rows: Expression<unknown>) => {
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from ${rows} as items`.execute(db);
  return Number(counted[0].n);
};

export interface QueuePage {
  items: QueueItem[];
  totalItems: number;
}

/** Page `page` (from 1) of the queue, QUEUE_ITEMS_PER_PAGE items, in the order above. */
export async function readQueue(db: Db, page: number, now = new Date()): Promise<QueuePage> {
  const [reportedTotal, hiddenTotal] = await Promise.all([
    countOf(db, reportedItems(db, now)),
    countOf(db, hiddenItems(db)),
  ]);
  const offset = (page - 1) * QUEUE_ITEMS_PER_PAGE;

  // The page takes what it can from the reported items, and the rest from the hidden ones.
  const reported =
    offset < reportedTotal
      ? await db
          .selectFrom(reportedItems(db, now).as('r'))
          .selectAll()
          .orderBy(sql`case when r.established > 0 then 0 else 1 end`)
          .orderBy('r.first_at')
          .orderBy('r.item_type')
          .orderBy('r.item_id')
          .limit(QUEUE_ITEMS_PER_PAGE)
          .offset(offset)
          .execute()
      : [];
  const room = QUEUE_ITEMS_PER_PAGE - reported.length;
  const hidden =
    room > 0 && offset + reported.length < reportedTotal + hiddenTotal
      ? await db
          .selectFrom(hiddenItems(db).as('h'))
          .selectAll()
          .orderBy('h.hidden_at', 'desc')
          .orderBy('h.item_id', 'desc')
          .limit(room)
          .offset(Math.max(0, offset - reportedTotal))
          .execute()
      : [];

  const order = [
    ...reported.map((row) => ({
      type: row.item_type,
      id: row.item_id,
      reportCount: Number(row.reports),
      establishedReportCount: Number(row.established),
      firstReportedAt: row.first_at as string | null,
    })),
    ...hidden.map((row) => ({
      type: row.item_type,
      id: row.item_id,
      reportCount: 0,
      establishedReportCount: 0,
      firstReportedAt: null,
    })),
  ];
  return { items: await describeItems(db, order, now), totalItems: reportedTotal + hiddenTotal };
}

/** The queue entries of the items, in the given order, with their newest reports. */
async function describeItems(
  db: Db,
  order: {
    type: ModeratedItemType;
    id: string;
    reportCount: number;
    establishedReportCount: number;
    firstReportedAt: string | null;
  }[],
  now: Date,
): Promise<QueueItem[]> {
  const idsOf = (type: ModeratedItemType) => order.filter((item) => item.type === type).map((item) => item.id);
  const deckIds = idsOf('deck');
  const commentIds = idsOf('comment');
  const reported = order.filter((item) => item.reportCount > 0);
  const [decks, commentDecks, comments, reports] = await Promise.all([
    deckIds.length
      ? db
          .selectFrom('decks')
          .innerJoin('users', 'users.id', 'decks.user_id')
          .select(['decks.id', 'decks.title', 'decks.hidden_at', 'users.username'])
          .where('decks.id', 'in', deckIds)
          .execute()
      : [],
    commentIds.length
      ? db.selectFrom('comments').select(['id', 'deck_id']).where('id', 'in', commentIds).execute()
      : [],
    findComments(db, commentIds),
    reported.length
      ? openReports(db)
          .select(['reports.item_type', 'reports.item_id', 'reports.reason', 'reports.created_at', 'users.username'])
          .select(establishedReporter(now).as('established'))
          .where((eb) =>
            eb.or(
              reported.map((item) =>
                eb.and([eb('reports.item_type', '=', item.type), eb('reports.item_id', '=', item.id)]),
              ),
            ),
          )
          .orderBy('reports.created_at', 'desc')
          .orderBy('reports.id', 'desc')
          .execute()
      : [],
  ]);
  const reportsOf = new Map<string, QueueItem['reports']>();
  for (const report of reports) {
    const key = keyOf(report.item_type, report.item_id);
    const list = reportsOf.get(key) ?? [];
    if (list.length < MAX_REPORTS_SHOWN)
      list.push({
        username: report.username,
        reason: report.reason,
        createdAt: report.created_at,
        isNewAccount: Number(report.established) === 0,
      });
    reportsOf.set(key, list);
  }
  const deckById = new Map(decks.map((deck) => [deck.id, deck]));
  const deckOfComment = new Map(commentDecks.map((comment) => [comment.id, comment.deck_id]));
  const commentById = new Map(comments.map((comment) => [comment._id, comment]));

  // An item deleted between the queries above has left the queue.
  return order.flatMap(({ type, id, reportCount, establishedReportCount, firstReportedAt }): QueueItem[] => {
    const counts = {
      reportCount,
      establishedReportCount,
      firstReportedAt,
      reports: reportsOf.get(keyOf(type, id)) ?? [],
    };
    if (type === 'deck') {
      const deck = deckById.get(id);
      return deck
        ? [
            {
              itemType: type,
              itemId: id,
              deckId: id,
              text: deck.title,
              author: deck.username,
              isHidden: deck.hidden_at !== null,
              ...counts,
            },
          ]
        : [];
    }
    const comment = commentById.get(id);
    const deckId = deckOfComment.get(id);
    return comment && deckId
      ? [
          {
            itemType: type,
            itemId: id,
            deckId,
            text: comment.Comment,
            html: comment.html,
            author: comment.Username,
            isHidden: comment.isHidden === true,
            ...counts,
          },
        ]
      : [];
  });
}
