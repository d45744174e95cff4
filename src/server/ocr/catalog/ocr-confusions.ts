/**
 * OCR's confusions on names and card codes, learnt (`ocr-confusions.json`, rebuilt by
 * `npm run ocr:learn-confusions`): the one table everything that forgives a misread reads. The
 * name matcher's cheap substitutions and splits, the folding of codes, and the letters and digits a
 * code's shape turns into each other are all views of it.
 */
import learnt from './ocr-confusions.json';
import type { ConfusionTable } from './learn-confusions';

const table = learnt as ConfusionTable;

/** Pairs of lower-case characters OCR reads for each other, either way round ("0o"), likeliest first. */
export const SWAPPED_PAIRS: readonly string[] = table.swaps.map(([pair]) => pair);

/**
 * Letters OCR reads as two characters, or two as one, and the two ("m" → "rn"): of a letter split
 * in more ways than one, the likeliest (the distance looks one up for each letter).
 */
export const SPLIT_LETTERS: Readonly<Record<string, string>> = Object.fromEntries(
  table.splits.map(([split]) => split.split(':') as [string, string]).reverse(),
);

/**
 * The characters confused with each other, joined across pairs (o~0 and 0~q make one group
 * o, 0, q): a trigram of a name is looked up by the group's first character, so a read with any
 * of them still finds the name as a candidate.
 */
export function confusedGroups(): string[][] {
  const groupOf = new Map<string, string[]>();
  for (const [a, b] of SWAPPED_PAIRS) {
    const [ga, gb] = [groupOf.get(a) ?? [a], groupOf.get(b) ?? [b]];
    if (ga === gb) continue;
    const joined = [...new Set([...ga, ...gb])].sort();
    for (const c of joined) groupOf.set(c, joined);
  }
  return [...new Set(groupOf.values())];
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/**
 * For each character confused with characters of the other kind, the likeliest of them (upper
 * case): a code's number is digits and its prefix letters, so a read letter in the number is the
 * digit OCR most often gives it for, and a digit in the prefix the letter.
 */
function otherKind(): { asDigit: Map<string, string>; asLetter: Map<string, string> } {
  const asDigit = new Map<string, string>();
  const asLetter = new Map<string, string>();
  // The table is likeliest first: the first pair a character is in gives its stand-in.
  for (const pair of SWAPPED_PAIRS) {
    const [a, b] = pair;
    if (isDigit(a) === isDigit(b)) continue;
    const [digit, letter] = isDigit(a) ? [a, b] : [b, a];
    if (!asDigit.has(letter.toUpperCase())) asDigit.set(letter.toUpperCase(), digit);
    if (!asLetter.has(digit)) asLetter.set(digit, letter.toUpperCase());
  }
  return { asDigit, asLetter };
}

const { asDigit: AS_DIGIT, asLetter: AS_LETTER } = otherKind();

/** The digit OCR most often reads for a letter (upper case), or the letter itself. */
export const asDigit = (c: string): string => AS_DIGIT.get(c) ?? c;
/** The letter (upper case) OCR most often reads for a digit, or the digit itself. */
export const asLetter = (c: string): string => AS_LETTER.get(c) ?? c;
