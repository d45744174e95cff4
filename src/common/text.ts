/**
 * Text with case and accents folded away: "Éclair" and "ECLAIR" are both "eclair". Decomposed
 * first (NFKD), so that an accent becomes a combining mark of its own and ligatures and full-width
 * letters their plain letters, then the marks are dropped and the rest lower-cased.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a text as the deck text search compares them: folded, split at anything that is not
 * a letter or a digit. Both the stored search document and a query are made of these, so `"`, `*`,
 * `-` or `NEAR(` typed into the search box are separators, never query syntax.
 */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * What the text search of decks looks in, one string per deck: the distinct words of its title, its
 * in-game code (the old site's literal 'null' is no code) and its author's username, separated by
 * single spaces. Stored with the deck (decks.search_text) and indexed by each database.
 */
export function deckSearchDocument(deck: { title: string; deckcode: string; username: string }): string {
  const code = deck.deckcode === 'null' ? '' : deck.deckcode;
  return [...new Set(searchWords(`${deck.title} ${code} ${deck.username}`))].join(' ');
}

/**
 * The form of a card name used for lookups: accents removed, lower case, and every run of
 * punctuation or spaces folded to one space, so "CAÑO CRISTALES", "Caño Cristales" and
 * "cano-cristales" are the same key.
 */
export function normalizeName(name: string): string {
  return foldText(name)
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A NUL character or half of a UTF-16 surrogate pair: text no database column may hold
 * (PostgreSQL refuses NUL, and a lone surrogate has no UTF-8 form), so requests carrying one are
 * refused before they reach a query.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE =
  'The request contains a NUL character or a broken Unicode character (a lone surrogate), which no text may hold.';

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);
