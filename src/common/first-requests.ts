// The API requests a page makes as soon as it renders, shared by both sides: the server answers
// them inside the page's HTML (src/server/web/first-answers.ts), and the web app's api-client takes
// such an answer instead of asking the network, so a phone on a slow link does not wait for the
// script to arrive and run before it learns what to fetch (one round trip and the API's time saved
// before the Largest Contentful Paint). The pages ask for exactly these (path and body): a request
// that differs is simply not found among the answers and goes to the network as before.
import { DECKS_PER_HOME_COLUMN } from './game';

/** The id of the `<script type="application/json">` holding the answers. */
export const FIRST_ANSWERS_ID = 'deckhub-first-answers';

/** The deck page shows the deck image at this width (a resized copy; the server preloads it). */
export const DECK_PAGE_IMAGE_WIDTH = 400;

export interface ApiCall {
  method: 'GET' | 'POST';
  /** Path and query, as the web app writes them. */
  path: string;
  body?: unknown;
}

/** JSON with the keys of every object sorted, so equal bodies give one key whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key an answer is kept under. */
export function answerKey({ method, path, body }: ApiCall): string {
  return body === undefined ? `${method} ${path}` : `${method} ${path} ${canonicalJson(body)}`;
}

const NO_FILTERS = { albums: [], collections: [], tags: [], cards: [] };
/** The home columns (src/web/features/home/HomePage.tsx) and the gallery's newest decks (the same request as the middle column). */
const HOME_SEARCHES = [
  { ...NO_FILTERS, sortBy: 'score', restricted: true },
  NO_FILTERS,
  { ...NO_FILTERS, sortBy: 'score' },
];

/** The requests the page at `route` (a path of src/common/pages.ts with its params) makes first. */
export function firstRequestsOf(route: string, params: Record<string, string>): ApiCall[] {
  switch (route) {
    case '/':
    case '/decks':
      return HOME_SEARCHES.map((body) => ({
        method: 'POST',
        path: `/api/decks/search-decks?page=1&limit=${DECKS_PER_HOME_COLUMN}`,
        body,
      }));
    case '/decks/:deckId':
      return [{ method: 'GET', path: `/api/decks/onedeck/${encodeURIComponent(params.deckId)}` }];
    case '/meta':
      // The default view of src/web/features/meta/meta-url.ts (most played first, page 1).
      return [
        { method: 'GET', path: '/api/meta/cards?sort=decks&order=desc&page=1' },
        { method: 'GET', path: '/api/meta/categories' },
      ];
    default:
      return [];
  }
}
