import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moderationLogEntrySchema,
  moderationQueueSchema,
  type ModerationActionRequest,
} from '../../../../common/api/moderation';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** Every page of the queue: a moderation action refreshes them all. */
const QUEUE_KEY = ['moderation', 'queue'] as const;

export const moderationQueueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...QUEUE_KEY, page],
    queryFn: () => apiRequest(`/api/moderation/queue?page=${page}`, moderationQueueSchema),
    retry: retryUnlessRefused,
  });

/** One page of the reported and hidden items, and the latest log (moderators only: 403 for others). */
export function useModerationQueue(page: number) {
  return useQuery(moderationQueueQueryOptions(page));
}

/** Hide, restore or dismiss; refreshes the queue, and every deck list (a hidden deck leaves them) and comment list. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionRequest) =>
      apiRequest('/api/moderation/actions', moderationLogEntrySchema, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
        queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}
