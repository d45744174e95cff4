import { describe, expect, it } from 'vitest';
import { cardCodeIn } from '../pipeline/unknown-cards';
import { foldCode, nameSimilarity } from './catalog-index';
import { asDigit, asLetter, confusedGroups, SPLIT_LETTERS, SWAPPED_PAIRS } from './ocr-confusions';
import learnt from './ocr-confusions.json';

const isDigit = (c: string): boolean => /\d/.test(c);
const letterDigitPairs = SWAPPED_PAIRS.filter(([a, b]) => isDigit(a) !== isDigit(b));

describe('the learnt table of OCR confusions, as the matcher and the code reader use it', () => {
  it('holds the habits learnt, the likeliest first among a character’s confusions', () => {
    expect(SWAPPED_PAIRS.length).toBeGreaterThan(0);
    expect(SWAPPED_PAIRS).toEqual(learnt.swaps.map(([pair]) => pair));
    const times = learnt.swaps.map(([, n]) => Number(n));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // O and 0 are tesseract's commonest confusion on our names and codes, in any seed range.
    expect(SWAPPED_PAIRS).toContain('0o');
    expect(asDigit('O')).toBe('0');
  });

  it('makes a learnt swap cheap to the name matcher, and any other swap a whole edit', () => {
    for (const [a, b] of SWAPPED_PAIRS) expect(nameSimilarity(`xxxx${a}`, `xxxx${b}`)).toBeGreaterThan(0.9);
    expect(nameSimilarity('xxxxk', 'xxxxw')).toBe(0.8);
    for (const [letter, two] of Object.entries(SPLIT_LETTERS))
      expect(nameSimilarity(`xxxx${letter}`, `xxxx${two}`)).toBeGreaterThan(0.8);
  });

  it('folds each letter read for a digit as that digit, and a code read with it finds the code', () => {
    for (const [a, b] of letterDigitPairs) {
      const [digit, letter] = isDigit(a) ? [a, b] : [b, a];
      if (asDigit(letter.toUpperCase()) !== digit) continue; // the letter's likelier digit is another
      expect(foldCode(`ABC00${letter.toUpperCase()}`)).toBe(foldCode(`ABC00${digit}`));
      expect(cardCodeIn(`EES02${letter.toUpperCase()}`)).toBe(`EES02${digit}`);
    }
    for (const [a, b] of letterDigitPairs) {
      const digit = isDigit(a) ? a : b;
      expect(cardCodeIn(`EE${digit}022`)).toBe(`EE${asLetter(digit)}022`);
    }
  });

  it('joins confusions across pairs into the groups a name’s trigrams are looked up by', () => {
    const groups = confusedGroups();
    for (const [a, b] of SWAPPED_PAIRS) expect(groups.some((g) => g.includes(a) && g.includes(b))).toBe(true);
    expect(new Set(groups.flat()).size).toBe(groups.flat().length);
  });
});
