import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentIdParamsSchema,
  commentListSchema,
  commentPageQuerySchema,
  commentSchema,
  deckIdParamSchema,
  postCommentSchema,
} from '../../common/api/comments';
import { errorSchema } from '../../common/api/errors';
import { requireUser } from '../accounts/session-plugin';
import { createAttemptLimiter, rateLimitsOf } from '../http/rate-limits';
import { authorize, authorizeSeeing, authorizeSeeingComment, can } from '../policies';
import { notFound } from '../http/errors';
import { findDeckOwner } from '../decks/deck-store';
import { createComment, deleteComment, findComment, listComments } from './comment-store';
import { reserveComment } from './comment-limits';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createAttemptLimiter(app, app.config.redisUrl);
  const limits = rateLimitsOf(app.config);

  app.get(
    '/get/:deckId',
    {
      schema: {
        tags: ['comments'],
        summary: "A deck's comments, oldest first, one page at a time",
        description:
          'Without `page` and `limit`, the first page. When a later page has comments, a `Link` header with `rel="next"` points to it.',
        params: deckIdParamSchema,
        querystring: commentPageQuerySchema,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request, res) => {
      const { deckId } = request.params;
      const { page, limit } = request.query;
      // A hidden deck's comments are as missing as the deck, for those who may not see it; and a
      // missing deck answers the same 404, or an empty 200 would tell the two apart.
      const deck = await findDeckOwner(app.db, deckId);
      if (!deck) throw notFound('No such deck.');
      authorizeSeeing(request.user, deck, 'No such deck.');
      const reader = { userId: request.user?.id ?? null, seesAllHidden: can(request.user, 'moderation.act') };
      const { comments, more } = await listComments(app.db, deckId, { page, limit }, reader);
      if (more) res.header('link', `</api/comments/get/${deckId}?page=${page + 1}&limit=${limit}>; rel="next"`);
      return comments;
    },
  );

  app.post(
    '/post/:deckId',
    {
      schema: {
        tags: ['comments'],
        summary:
          'Comment as the signed-in user, in Markdown (emphasis, links, lists, code, [[Card Name]] mentions); the answer carries the sanitised HTML',
        description: `At most ${limits.commentsPerAccount} comments per account and ${limits.commentsPerIp} per client within ${limits.commentWindowMs / 60_000} minutes: 429 past that.`,
        params: deckIdParamSchema,
        body: postCommentSchema,
        response: { 201: commentSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, res) => {
      const user = requireUser(request);
      const deck = await findDeckOwner(app.db, request.params.deckId);
      if (!deck) throw notFound('No such deck.');
      authorizeSeeing(user, deck, 'No such deck.');
      await reserveComment(limiter, limits, request, res, user.id);
      const comment = await createComment(app.db, {
        deckId: request.params.deckId,
        userId: user.id,
        body: request.body.comment,
      });
      return res.status(201).send(comment);
    },
  );

  app.delete(
    '/delete/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete your own comment',
        params: commentIdParamsSchema,
        response: { 200: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const comment = await findComment(app.db, request.params.commentId);
      if (!comment) throw notFound('No such comment.');
      authorizeSeeingComment(user, comment);
      authorize(user, 'comment.delete', comment);
      await deleteComment(app.db, comment.id);
      return { _id: comment.id };
    },
  );
};
