import { describe, expect, it } from 'vitest';
import { alignRead, confusionHabits, countEdits, MIN_HABIT_TEXTS, type PrintedRead } from './learn-confusions';

describe('alignRead', () => {
  it('finds which printed character became which, the read text around the print free', () => {
    expect(alignRead({ printed: 'marsrover', read: 'acn0012marsr0ver' })).toEqual([{ printed: 'o', read: '0' }]);
  });

  it('takes a letter read as two characters, and two read as one, as one edit', () => {
    expect(alignRead({ printed: 'hammer', read: 'harnrner' })).toEqual([
      { printed: 'm', read: 'rn' },
      { printed: 'm', read: 'rn' },
    ]);
    expect(alignRead({ printed: 'clock', read: 'dock' })).toEqual([{ printed: 'cl', read: 'd' }]);
  });

  it('says nothing of a read too unlike its print', () => {
    expect(alignRead({ printed: 'marsrover', read: 'xqzzkv' })).toBeNull();
  });
});

describe('confusionHabits', () => {
  const cities = ['boston', 'oslo', 'lyon', 'moscow', 'toronto', 'london', 'bogota', 'cairo', 'tokyo', 'lagos'];
  const readRight = (...texts: string[]): PrintedRead[] => texts.map((text) => ({ printed: text, read: text }));
  const withZero = (text: string): PrintedRead => ({ printed: text, read: text.replace('o', '0') });

  it('takes an edit made on enough texts, and a fair share of the misreads of its character, for a habit', () => {
    expect(cities).toHaveLength(MIN_HABIT_TEXTS);
    const reads = [...cities.map(withZero), ...readRight('berlin', 'paris', 'rome'), { printed: 'oran', read: 'qran' }];
    expect(confusionHabits(countEdits(reads)).swaps).toEqual([['0o', MIN_HABIT_TEXTS]]);
  });

  it('takes no edit of fewer texts for a habit, however often made: a spoilt print, not the reader', () => {
    const reads = cities.slice(1).flatMap((text) => Array.from({ length: 5 }, () => withZero(text)));
    expect(confusionHabits(countEdits(reads)).swaps).toEqual([]);
  });

  it('takes no edit for a habit that is one of many ways its character was misread', () => {
    // Ten texts of O read as 0 among two hundred of O read as one letter or another.
    const letters = 'abcdefghijklmnpqrstuvwxyz';
    const others = Array.from({ length: 200 }, (_, i) => ({
      printed: `o${i + 100}`,
      read: `${letters[i % 25]}${i + 100}`,
    }));
    expect(confusionHabits(countEdits([...cities.map(withZero), ...others])).swaps).toEqual([]);
  });

  it('learns a letter split in two', () => {
    const names = ['hammer', 'moon', 'lemon', 'mars', 'omega', 'amber', 'comet', 'dome', 'gem', 'mint'];
    const reads = names.map((text) => ({ printed: text, read: text.replace('m', 'rn') }));
    expect(confusionHabits(countEdits(reads)).splits).toEqual([['m:rn', 10]]);
  });
});
