import { queryOptions, useQuery } from '@tanstack/react-query';
import { commentListSchema } from '../../../../common/api/comments';
import { apiRequest } from '../../../lib/api-client';

export function getComments(deckId: string) {
  return apiRequest(`/api/comments/get/${encodeURIComponent(deckId)}`, commentListSchema);
}

export function commentsQueryOptions(deckId: string) {
  return queryOptions({ queryKey: ['comments', deckId], queryFn: () => getComments(deckId) });
}

export function useComments(deckId: string) {
  return useQuery(commentsQueryOptions(deckId));
}
