import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentSchema } from '../../../../common/api/comments';
import { apiRequest } from '../../../lib/api-client';
import { commentsQueryOptions } from './get-comments';

/** POST /api/comments/post/{deckId}; the server takes the author from the session. */
export function createComment(deckId: string, input: { username: string; comment: string }) {
  return apiRequest(`/api/comments/post/${encodeURIComponent(deckId)}`, commentSchema, { body: input });
}

/** Posts a comment and refreshes only that deck's comments. */
export function useCreateComment(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; comment: string }) => createComment(deckId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryOptions(deckId).queryKey }),
  });
}
