import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationLogEntrySchema, moderationQueueSchema, type ModerationActionRequest } from '../../../../common/api/moderation';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

export const moderationQueueQueryOptions = queryOptions({
  queryKey: ['moderation', 'queue'],
  queryFn: () => apiRequest('/api/moderation/queue', moderationQueueSchema),
  retry: retryUnlessRefused,
});

/** The reported and hidden items and the latest log (moderators only: 403 for others). */
export function useModerationQueue() {
  return useQuery(moderationQueueQueryOptions);
}

/** Hide, restore or dismiss; refreshes the queue, and every deck list (a hidden deck leaves them) and comment list. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionRequest) => apiRequest('/api/moderation/actions', moderationLogEntrySchema, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueueQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}
