// Rules and constants of the game and of the site.
import { ALBUMS, COLLECTIONS, TAGS, type AlbumName } from './taxonomy';

export { ALBUMS, COLLECTIONS, TAGS, type AlbumName };

/** A deck in CUE is exactly 18 cards; OCR keeps at most this many. */
export const DECK_SIZE = 18;
/** A deck may be published with at least this many detected cards. */
export const MIN_DECK_CARDS = 5;
/** Decks per page on the profile, a user's page and the search results. */
export const DECKS_PER_PAGE = 12;
/** Decks per home column. */
export const DECKS_PER_HOME_COLUMN = 5;
/** The largest page size the API accepts. */
export const MAX_PAGE_LIMIT = 100;
/** Minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;

export const RARITIES = ['Common', 'Rare', 'Epic', 'Legendary', 'Fusion', 'Mythic', 'Ultra Fusion'] as const;
export type Rarity = (typeof RARITIES)[number];
export const LIMITED_VARIANTS = ['Limited Common', 'Limited Rare', 'Limited Epic', 'Limited Legendary'] as const;
/** The card editor's template albums, short names of the seven albums. */
export const TEMPLATE_ALBUMS = ['Space', 'Science', 'Paleo', 'Oceans', 'Life', 'History', 'Arts'] as const;

export const ALBUM_NAMES: readonly string[] = ALBUMS.map((a) => a.name);
export const COLLECTION_CODES: readonly string[] = COLLECTIONS.map((c) => c.code);
export const TAG_NAMES: readonly string[] = TAGS.map((t) => t.name);

const collectionByCode = new Map(COLLECTIONS.map((c) => [c.code, c]));

/**
 * The card list writes some collection codes differently from the collection list
 * (`OMW`/`OWM` where the collections say `OMM`).
 */
const COLLECTION_ALIASES: Record<string, string> = { OMW: 'OMM', OWM: 'OMM' };

/** A card's collection is its code minus the last three digits (`ACAL001` → `ACAL`). */
export function collectionCodeOf(cardCode: string): string {
  const prefix = cardCode
    .trim()
    .toUpperCase()
    .replace(/\d{1,3}$/, '');
  if (COLLECTION_ALIASES[prefix]) return COLLECTION_ALIASES[prefix];
  // The card list sometimes types a zero for the letter O (`ACN0065` for the Norse `ACNO` set).
  const withLetterO = prefix.replace(/0/g, 'O');
  return !collectionByCode.has(prefix) && collectionByCode.has(withLetterO) ? withLetterO : prefix;
}

/** The album a card belongs to, through its collection; null when the collection is unknown. */
export function albumOfCard(cardCode: string): AlbumName | null {
  return collectionByCode.get(collectionCodeOf(cardCode))?.album ?? null;
}

export function findCollection(code: string) {
  return collectionByCode.get(code);
}

/**
 * The game's weekly reset is Monday 11:00 UTC; "this week" on the site starts at the most
 * recent one at or before `now`.
 */
export function startOfGameWeek(now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 11, 0, 0, 0));
  const daysSinceMonday = (start.getUTCDay() + 6) % 7;
  start.setUTCDate(start.getUTCDate() - daysSinceMonday);
  if (start.getTime() > now.getTime()) start.setUTCDate(start.getUTCDate() - 7);
  return start;
}

/** One game week in milliseconds. */
export const GAME_WEEK_MS = 7 * 24 * 3600 * 1000;
/**
 * A weekly reset long before any deck (Monday 3 January 2000, 11:00 UTC): game weeks are numbered
 * from it, so the statistics can key a week by an integer that both databases compute alike
 * (migrations/0006-deck-stats.ts).
 */
export const GAME_WEEK_EPOCH = Date.UTC(2000, 0, 3, 11);

/** The number of the game week `date` falls in, counted from GAME_WEEK_EPOCH. */
export function gameWeekOf(date: Date): number {
  return Math.floor((date.getTime() - GAME_WEEK_EPOCH) / GAME_WEEK_MS);
}

/** When game week `week` starts. */
export function startOfGameWeekNumber(week: number): Date {
  return new Date(GAME_WEEK_EPOCH + week * GAME_WEEK_MS);
}
