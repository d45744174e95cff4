import { useQuery } from '@tanstack/react-query';
import { searchDecksQueryOptions } from '../../../lib/search-decks';

/** The Community Decks tile rotates through this many deck images. */
export const GALLERY_DECKS = 5;
/** The newest decks; the same request and cache entry as the home 'Newest Decks' column. */
const NEWEST = { albums: [], collections: [], tags: [], cards: [] };

export function useGalleryDecks() {
  return useQuery(searchDecksQueryOptions(NEWEST, 1, GALLERY_DECKS));
}
