import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deckSchema, type EditDeck } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';
import { DECKS_QUERY_KEY } from '../../../lib/deck-cache';

/** POST /api/decks/editdeck/{id}: the owner's edit. */
export function useEditDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: EditDeck }) =>
      apiRequest(`/api/decks/editdeck/${id}`, deckSchema, { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY }),
  });
}

/** DELETE /api/decks/deleteone/{id}. */
export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/decks/deleteone/${id}`, z.object({ _id: z.string() }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY }),
  });
}
