import { useQuery } from '@tanstack/react-query';
import { commentListSchema } from '../../../../common/api/comments';
import { apiRequest } from '../../../lib/api-client';

export const commentsQueryKey = (deckId: string) => ['comments', deckId] as const;

export function getComments(deckId: string) {
  return apiRequest(`/api/comments/get/${encodeURIComponent(deckId)}`, commentListSchema);
}

export function useComments(deckId: string) {
  return useQuery({ queryKey: commentsQueryKey(deckId), queryFn: () => getComments(deckId) });
}
