import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import {
  cardProposalDecisionSchema,
  cardProposalListSchema,
  cardProposalParamsSchema,
  moderationActionRequestSchema,
  moderationLogEntrySchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  QUEUE_ITEMS_PER_PAGE,
  reportRequestSchema,
  reportSchema,
  type ModeratedItemType,
} from '../../common/api/moderation';
import { requireUser } from '../accounts/session-plugin';
import { authorize, authorizeSeeing, authorizeSeeingComment } from '../policies';
import { conflict, notFound } from '../http/errors';
import { createAttemptLimiter, DEFAULT_RATE_LIMITS, rateLimitsOf } from '../http/rate-limits';
import { nowIso } from '../db/ids';
import { findDeckOwner } from '../decks/deck-store';
import { changeDeckVisibility, linkCardToDecks } from '../decks/deck-writes';
import { decideProposal, listOpenProposals } from '../cards/card-proposals';
import { findComment, setCommentHidden } from '../comments/comment-store';
import { insertReport, resolveReports } from './report-store';
import { deckOfItem, listLog, logAction } from './moderation-log';
import { readQueue } from './moderation-queue';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Log lines the queue shows. */
const LOG_LINES = 100;

/** Reports one account may send per hour by default (rate-limits.ts reportsPerAccount). */
export const REPORTS_PER_ACCOUNT_PER_HOUR = DEFAULT_RATE_LIMITS.reportsPerAccount;

/** POST /api/reports (any signed-in user) and /api/moderation/* (moderators only, policies.ts). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createAttemptLimiter(app, app.config.redisUrl);
  const limits = rateLimitsOf(app.config);
  /** The reported or moderated item as the permission rules need it; 404 when there is none. */
  const findItem = async (type: ModeratedItemType, id: string) => {
    const item = type === 'deck' ? await findDeckOwner(app.db, id) : await findComment(app.db, id);
    if (!item) throw notFound(`No such ${type}.`);
    return item;
  };
  /** 404, as for a missing item, when the user may not see it (hidden, or a comment on a hidden deck). */
  const findVisibleItem = async (user: ReturnType<typeof requireUser>, type: ModeratedItemType, id: string) => {
    if (type === 'deck') {
      const deck = await findItem(type, id);
      authorizeSeeing(user, deck, 'No such deck.');
    } else {
      const comment = await findComment(app.db, id);
      if (!comment) throw notFound('No such comment.');
      authorizeSeeingComment(user, comment);
    }
  };

  app.post(
    '/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Report a deck or a comment to the moderators',
        description: `One report per user and item: a second answers 409. A hidden item the caller may not see answers 404. At most ${limits.reportsPerAccount} reports per account and ${limits.reportsPerIp} per client within ${limits.reportWindowMs / 60_000} minutes: 429 past that.`,
        body: reportRequestSchema,
        response: { 201: reportSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, res) => {
      const user = requireUser(request);
      const { itemType, itemId, reason } = request.body;
      await findVisibleItem(user, itemType, itemId);
      const giveBack = await limiter.reserve(
        res,
        [
          { key: `report-account:${user.id}`, max: limits.reportsPerAccount, windowMs: limits.reportWindowMs },
          { key: `report-ip:${request.ip}`, max: limits.reportsPerIp, windowMs: limits.reportWindowMs },
        ],
        MESSAGES.rateLimits.reports,
      );
      const stored = await insertReport(app.db, { itemType, itemId, userId: user.id, reason });
      if (!stored) {
        await giveBack();
        throw conflict(MESSAGES.moderation.alreadyReported(itemType));
      }
      return res.status(201).send({ itemType, itemId, reason, createdAt: stored.createdAt });
    },
  );

  app.get(
    '/moderation/queue',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reported and hidden items, a page at a time, and the latest moderation log (moderators)',
        description: `${QUEUE_ITEMS_PER_PAGE} items per page: first those reported by an established account, then those reported only by new ones (each oldest first report first), then hidden items without open reports. A \`Link\` header points to the next and previous pages (rel="next", rel="prev").`,
        querystring: moderationQueueQuerySchema,
        response: { 200: moderationQueueSchema, ...errors },
      },
    },
    async (request, res) => {
      authorize(requireUser(request), 'moderation.act');
      const { page } = request.query;
      const [queue, log] = await Promise.all([readQueue(app.db, page), listLog(app.db, LOG_LINES)]);
      const links = [];
      if (page * QUEUE_ITEMS_PER_PAGE < queue.totalItems)
        links.push(`</api/moderation/queue?page=${page + 1}>; rel="next"`);
      if (page > 1) links.push(`</api/moderation/queue?page=${page - 1}>; rel="prev"`);
      if (links.length) res.header('link', links.join(', '));
      return { items: queue.items, page, totalItems: queue.totalItems, log };
    },
  );

  app.get(
    '/moderation/card-proposals',
    {
      schema: {
        tags: ['moderation', 'cards'],
        summary: 'Cards read from screenshots that the catalog lacks, waiting for a moderator (moderators)',
        description:
          'Each with its printed code and name as read (or as a player who published with it wrote it), how many uploads saw it, how many decks hold it and a few tiles cut from those uploads; the most seen first.',
        response: { 200: cardProposalListSchema, ...errors },
      },
    },
    async (request) => {
      authorize(requireUser(request), 'cards.decideProposals');
      return { proposals: await listOpenProposals(app.db) };
    },
  );

  for (const status of ['approved', 'rejected'] as const) {
    const verb = status === 'approved' ? 'approve' : 'reject';
    app.post(
      `/moderation/card-proposals/:id/${verb}`,
      {
        schema: {
          tags: ['moderation', 'cards'],
          summary:
            status === 'approved'
              ? 'Approve a proposed card (moderators): it enters the catalog, the reader reads it from then on, and the decks holding it link to it'
              : 'Reject a proposed card (moderators): it stays out of the catalog, and a publish naming it as new is refused',
          description:
            '404 for no such proposal; 409 when it was decided already (or, to approve, the catalog has its code).',
          params: cardProposalParamsSchema,
          response: { 200: cardProposalDecisionSchema, ...errors },
        },
      },
      async (request) => {
        const moderator = requireUser(request);
        authorize(moderator, 'cards.decideProposals');
        const decision = await decideProposal(app.db, request.params.id, moderator.id, status);
        if (decision.outcome === 'missing') throw notFound('No such card proposal.');
        if (decision.outcome === 'decided') throw conflict(MESSAGES.moderation.proposalDecided);
        if (decision.outcome === 'code-taken') throw conflict(MESSAGES.moderation.proposalCodeTaken(decision.code));
        const { code, name } = decision;
        // The reader's index follows on its next read: the catalog's version changed (catalog-index-cache.ts).
        const deckCount = status === 'approved' ? await linkCardToDecks(app, { code, name }) : 0;
        return { code, name, status, deckCount };
      },
    );
  }

  app.post(
    '/moderation/actions',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Hide, restore or dismiss the reports of a deck or comment (moderators); logged with who and when',
        description:
          'hide: only the author and moderators see the item; restore: everyone does again; dismiss: its reports close and it stays as it is. 409 when the item is already in that state.',
        body: moderationActionRequestSchema,
        response: { 200: moderationLogEntrySchema, ...errors },
      },
    },
    async (request) => {
      const moderator = requireUser(request);
      authorize(moderator, 'moderation.act');
      const { itemType, itemId, action } = request.body;
      await findItem(itemType, itemId);
      const at = nowIso();
      const refusal =
        action === 'hide' ? MESSAGES.moderation.alreadyHidden(itemType) : MESSAGES.moderation.notHidden(itemType);
      if (action !== 'dismiss') {
        // The change is conditional on the state, so of two moderators acting at once only one acts (and logs).
        const hiddenAt = action === 'hide' ? at : null;
        const changed =
          itemType === 'deck'
            ? await changeDeckVisibility(app, itemId, hiddenAt)
            : await setCommentHidden(app.db, itemId, hiddenAt);
        if (!changed) throw conflict(refusal);
      }
      const resolved = await resolveReports(app.db, itemType, itemId, at);
      if (action === 'dismiss' && resolved === 0) throw conflict(MESSAGES.moderation.noOpenReports(itemType));
      await logAction(app.db, { moderatorId: moderator.id, action, itemType, itemId, at });
      const deck = await deckOfItem(app.db, itemType, itemId);
      return { moderator: moderator.username, action, itemType, itemId, ...deck, createdAt: at };
    },
  );
};
