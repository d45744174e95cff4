import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentIdParamsSchema, commentListSchema, commentSchema, deckIdParamSchema, postCommentSchema } from '../../common/api/comments';
import { errorSchema } from '../../common/api/errors';
import { requireUser } from '../accounts/session-plugin';
import { authorize } from '../policies';
import { notFound } from '../http/errors';
import { findDeckOwner } from '../decks/deck-store';
import { createComment, deleteComment, findComment, listComments } from './comment-store';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get/:deckId',
    { schema: { tags: ['comments'], summary: "A deck's comments, oldest first", params: deckIdParamSchema, response: { 200: commentListSchema, ...errors } } },
    async (request) => listComments(app.db, request.params.deckId),
  );

  app.post(
    '/post/:deckId',
    {
      schema: { tags: ['comments'], summary: 'Comment as the signed-in user', params: deckIdParamSchema, body: postCommentSchema, response: { 201: commentSchema, ...errors } },
    },
    async (request, res) => {
      const user = requireUser(request);
      if (!(await findDeckOwner(app.db, request.params.deckId))) throw notFound('No such deck.');
      const comment = await createComment(app.db, { deckId: request.params.deckId, userId: user.id, body: request.body.comment });
      return res.status(201).send(comment);
    },
  );

  app.delete(
    '/delete/:commentId',
    { schema: { tags: ['comments'], summary: 'Delete your own comment', params: commentIdParamsSchema, response: { 200: z.object({ _id: z.string() }), ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const comment = await findComment(app.db, request.params.commentId);
      if (!comment) throw notFound('No such comment.');
      authorize(user, 'comment.delete', comment);
      await deleteComment(app.db, comment.id);
      return { _id: comment.id };
    },
  );
};
