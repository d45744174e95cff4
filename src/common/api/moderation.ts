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

export const reportSchema = z.object({ itemType: itemTypeSchema, itemId: z.string(), reason: z.string(), createdAt: z.string() });

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
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

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
  /** The reports no moderator has acted on yet, newest first. */
  reports: z.array(z.object({ username: z.string(), reason: z.string(), createdAt: z.string() })),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** Answer of GET /api/moderation/queue: items with open reports first, then hidden ones; and the latest log. */
export const moderationQueueSchema = z.object({ items: z.array(queueItemSchema), log: z.array(moderationLogEntrySchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;
