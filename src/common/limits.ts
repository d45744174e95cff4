// Sizes of what users may send, shared by the forms and the API so both refuse the same things.

/** Longest deck title. */
export const MAX_TITLE_LENGTH = 120;
/** Longest deck description. */
export const MAX_DESCRIPTION_LENGTH = 5000;
/** Longest card name a search or a published deck may name. */
export const MAX_CARD_NAME_LENGTH = 120;
/** Longest card code (collection code and three digits; the longest today has eight characters). */
export const MAX_CARD_CODE_LENGTH = 16;
/** Most values in one list of a search or a deck (albums, collections, tags or cards). */
export const MAX_LIST_VALUES = 200;
/** Longest in-game deck code accepted (the game prints six characters). */
export const MAX_DECK_CODE_LENGTH = 32;
/** Longest text of a deck search (title words, a deck code, an author). */
export const MAX_SEARCH_TEXT_LENGTH = 100;
/** Longest username accepted in a path or a filter (registration allows fewer: see api/users.ts). */
export const MAX_USERNAME_PARAM_LENGTH = 64;
/** Most decks the curated table lists. */
export const MAX_CURATED_DECKS = 1000;
/**
 * Deepest a search pages: the decks before the page asked for, at most. Every page deeper costs
 * the database the rows before it (a search without some cards on 100k decks at page 1,000,000
 * took 6 s); nobody reads a search 100 pages of 12 deep, a narrower search finds the deck.
 */
export const MAX_SEARCH_DEPTH = 1200;
/**
 * A pasted card list (POST /api/cards/parse-list): at most this many lines and characters. A deck
 * is 18 cards; the room above it takes headings, blank lines and a deck pasted twice, while a
 * 10,000-line paste is refused before a single name is matched.
 */
export const MAX_CARD_LIST_LINES = 100;
export const MAX_CARD_LIST_LENGTH = 10_000;
