/**
 * The form of a card name used for lookups: accents removed, lower case, and every run of
 * punctuation or spaces folded to one space, so "CAÑO CRISTALES", "Caño Cristales" and
 * "cano-cristales" are the same key.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
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
