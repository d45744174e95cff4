import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { voteResultSchema } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';
import { useToast } from '../../../components/use-toast';
import { applyVote, toggleVote, type VoteChange, type VoteState } from '../vote-state';

export interface VoteInput {
  deck: VoteState;
  username: string;
}

/** POST /api/decks/onedeck/{id}: the full updated voters list and the change. */
export function postVote(deckId: string, body: { voters: string[]; change: VoteChange }) {
  return apiRequest(`/api/decks/onedeck/${encodeURIComponent(deckId)}`, voteResultSchema, { body });
}

/**
 * Toggles the user's upvote. The new count shows at once in every cached copy of the deck
 * (its page and any list); a refused vote puts the previous answers back and says so.
 */
export function useVoteDeck() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ deck, username }: VoteInput) => {
      const next = toggleVote(deck, username);
      return postVote(deck._id, { voters: next.voters, change: next.change });
    },
    onMutate: async ({ deck, username }) => {
      await queryClient.cancelQueries({ queryKey: DECKS_QUERY_KEY });
      const snapshot = queryClient.getQueriesData({ queryKey: DECKS_QUERY_KEY });
      queryClient.setQueriesData({ queryKey: DECKS_QUERY_KEY }, (data: unknown) =>
        applyVote(data, toggleVote(deck, username)),
      );
      return { snapshot };
    },
    onError: (error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key as QueryKey, data);
      toast(`Your vote was not saved: ${error.message}`, 'error');
    },
    // The server's count wins: other people may have voted meanwhile.
    onSuccess: (result) =>
      queryClient.setQueriesData({ queryKey: DECKS_QUERY_KEY }, (data: unknown) => applyVote(data, result)),
  });
}
