// Reports by users and the moderators' queue, actions and log.
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** The kinds of items users report and moderators hide. */
export const MODERATED_ITEM_TYPES = ['deck', 'comment'] as const;
export type ModeratedItemType = (typeof MODERATED_ITEM_TYPES)[number];

/** Longest report reason, in characters. */
export const MAX_REPORT_REASON_LENGTH = 500;

const itemTypeSchema = z.enum(MODERATED_ITEM_TYPES, { error: 'Unknown item type: use deck or comment' });
const itemIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Unknown item id');

/** Body of POST /api/reports: one report per user and item. */
export const reportRequestSchema = z.object({
  itemType: itemTypeSchema,
  itemId: itemIdSchema,
  /** What is wrong with it, in the reporter's words. */
  reason: z.string().trim().min(1, MESSAGES.moderation.reasonRequired).max(MAX_REPORT_REASON_LENGTH),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

export const reportSchema = z.object({
  itemType: itemTypeSchema,
  itemId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

/** What a moderator does with a reported or hidden item; 'dismiss' closes its reports and leaves it as it is. */
export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Body of POST /api/moderation/actions. */
export const moderationActionRequestSchema = z.object({
  itemType: itemTypeSchema,
  itemId: itemIdSchema,
  action: z.enum(MODERATION_ACTIONS, { error: 'Unknown action: use hide, restore or dismiss' }),
});
export type ModerationActionRequest = z.input<typeof moderationActionRequestSchema>;

/** One line of the moderation log: who did what to which item, and when. */
export const moderationLogEntrySchema = z.object({
  /** The moderator's username; null if the account is gone. */
  moderator: z.string().nullable(),
  action: z.enum(MODERATION_ACTIONS),
  itemType: itemTypeSchema,
  itemId: z.string(),
  /** The deck the item is or belongs to, and its title, to link the line; null once the deck is deleted. */
  deckId: z.string().nullable(),
  deckTitle: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

/** Items per page of the queue. */
export const QUEUE_ITEMS_PER_PAGE = 20;
/** Reports listed per item (its newest); the counts cover them all. */
export const MAX_REPORTS_SHOWN = 10;
/**
 * A reporter counts fully once the account has a confirmed e-mail address and is this old: a
 * flood of new accounts (27 made for it in issue 33 M1) then ranks below one established reader.
 */
export const ESTABLISHED_ACCOUNT_DAYS = 7;

/** `?page=` of GET /api/moderation/queue. */
export const moderationQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('Page number, from 1.'),
});

/** A reported or hidden item in the queue. */
export const queueItemSchema = z.object({
  itemType: itemTypeSchema,
  itemId: z.string(),
  /** The deck the item is or belongs to: the page to look at it. */
  deckId: z.string(),
  /** The deck's title, or the comment's text as written. */
  text: z.string(),
  /** The comment's text as the deck page shows it (safe HTML); absent for a deck. */
  html: z.string().optional(),
  /** The author's username. */
  author: z.string(),
  isHidden: z.boolean(),
  /** Open reports (one per reporter), and how many of them come from established accounts. */
  reportCount: z.number().int(),
  establishedReportCount: z.number().int(),
  /** When its oldest open report came in; null for a hidden item without open reports. */
  firstReportedAt: z.string().nullable(),
  /** The newest open reports (at most MAX_REPORTS_SHOWN), newest first; `isNewAccount` for a reporter not yet established. */
  reports: z.array(
    z.object({ username: z.string(), reason: z.string(), createdAt: z.string(), isNewAccount: z.boolean() }),
  ),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/**
 * Answer of GET /api/moderation/queue: one page of items — first those reported by an established
 * account, then those reported only by new ones, each group oldest first report first (a later
 * flood lines up behind what was waiting), then hidden items without open reports, latest hidden
 * first — with the total and the latest log. A `Link` header points to the next and previous pages.
 */
export const moderationQueueSchema = z.object({
  items: z.array(queueItemSchema),
  page: z.number().int(),
  totalItems: z.number().int(),
  log: z.array(moderationLogEntrySchema),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** A card read from screenshots that the catalog lacks, waiting for a moderator (issue #36). */
export const cardProposalSchema = z.object({
  id: z.string(),
  /** The printed code ("EES022"). */
  code: z.string(),
  /** As read, or as the last player who published with it wrote it. */
  name: z.string(),
  /** Uploads whose reading found it. */
  seenCount: z.number().int(),
  /** Published decks that hold it. */
  deckCount: z.number().int(),
  /** Tiles showing it, cut from uploads: image URLs. */
  examples: z.array(z.string()),
  createdAt: z.string(),
});
export type CardProposal = z.infer<typeof cardProposalSchema>;

export const cardProposalListSchema = z.object({ proposals: z.array(cardProposalSchema) });
export const cardProposalParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown proposal') });

/** Answer of approve and reject: the card as it entered the catalog (or not), and how many decks hold it. */
export const cardProposalDecisionSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(['approved', 'rejected']),
  deckCount: z.number().int(),
});
export type CardProposalDecision = z.infer<typeof cardProposalDecisionSchema>;
