import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { commentsQueryOptions } from './get-comments';

export function deleteComment(commentId: string) {
  return apiRequest(`/api/comments/delete/${encodeURIComponent(commentId)}`, z.object({ _id: z.string() }), {
    method: 'DELETE',
  });
}

/** Deletes one of the user's comments and refreshes only that deck's comments. */
export function useDeleteComment(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryOptions(deckId).queryKey }),
  });
}
