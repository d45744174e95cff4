import { useQuery } from '@tanstack/react-query';
import { decksPageSchema } from '../../../../common/api/decks';
import { apiRequest } from '../../../lib/api-client';
import { deckQueryKeys } from '../../../lib/query-keys';

/** The Community Decks tile rotates through this many deck images (SPEC.md §2). */
export const GALLERY_DECKS = 5;
/** The newest decks; the same request and cache entry as the home 'Newest Decks' column. */
const NEWEST = { albums: [], collections: [], tags: [], cards: [] };

export function getGalleryDecks() {
  return apiRequest(`/api/decks/search-decks?page=1&limit=${GALLERY_DECKS}`, decksPageSchema, { body: NEWEST });
}

export function useGalleryDecks() {
  return useQuery({ queryKey: deckQueryKeys.search(NEWEST, 1, GALLERY_DECKS), queryFn: getGalleryDecks });
}
