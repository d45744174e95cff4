import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardProposalDecisionSchema, cardProposalListSchema } from '../../../../common/api/moderation';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

const PROPOSALS_KEY = ['moderation', 'card-proposals'] as const;

export const cardProposalsQueryOptions = () =>
  queryOptions({
    queryKey: PROPOSALS_KEY,
    queryFn: () => apiRequest('/api/moderation/card-proposals', cardProposalListSchema),
    retry: retryUnlessRefused,
  });

/** Cards read from screenshots that the catalog lacks (moderators only: 403 for others). */
export function useCardProposals() {
  return useQuery(cardProposalsQueryOptions());
}

/**
 * Approves (the card enters the catalog) or rejects a proposed card; refreshes the proposals, and
 * the deck lists and the card list, whose decks now link to the card.
 */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb }: { id: string; verb: 'approve' | 'reject' }) =>
      apiRequest(`/api/moderation/card-proposals/${id}/${verb}`, cardProposalDecisionSchema, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROPOSALS_KEY }),
        queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['cards'] }),
      ]),
  });
}
