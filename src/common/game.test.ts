import {
  albumOfCard,
  collectionCodeOf,
  gameWeekOf,
  startOfGameWeek,
  startOfGameWeekNumber,
  COLLECTIONS,
  TAGS,
  ALBUMS,
} from './game';
import { normalizeName } from './text';

describe('the weekly reset (Monday 11:00 UTC)', () => {
  test('just before Monday 11:00 the week started the Monday before', () => {
    expect(startOfGameWeek(new Date('2026-11-23T10:59:59.999Z')).toISOString()).toBe('2026-11-16T11:00:00.000Z');
  });
  test('at and after Monday 11:00 the week starts that Monday', () => {
    expect(startOfGameWeek(new Date('2026-11-23T11:00:00.000Z')).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(startOfGameWeek(new Date('2026-11-23T11:00:00.001Z')).toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });
  test('on a Sunday night the week started on the previous Monday', () => {
    expect(startOfGameWeek(new Date('2026-11-22T23:30:00Z')).toISOString()).toBe('2026-11-16T11:00:00.000Z');
  });
  test('across a month boundary', () => {
    expect(startOfGameWeek(new Date('2026-12-02T08:00:00Z')).toISOString()).toBe('2026-11-30T11:00:00.000Z');
  });
});

describe('collections and albums of cards', () => {
  test("a card's collection is its code minus the last three digits", () => {
    expect(collectionCodeOf('ACAL001')).toBe('ACAL');
    expect(collectionCodeOf('myhi012')).toBe('MYHI');
    expect(albumOfCard('ACAL001')).toBe('Arts & Culture');
  });
  test('the card list spelling OMW/OWM maps to the OMM collection', () => {
    expect(collectionCodeOf('OMW003')).toBe('OMM');
    expect(collectionCodeOf('OWM003')).toBe('OMM');
    expect(collectionCodeOf('ACN0065')).toBe('ACNO');
  });
  test('the taxonomy holds 7 albums, 161 collections and 80 tags', () => {
    expect(ALBUMS).toHaveLength(7);
    expect(COLLECTIONS).toHaveLength(161);
    expect(TAGS).toHaveLength(80);
  });
});

describe('normalizeName', () => {
  test('ignores accents, case and punctuation', () => {
    expect(normalizeName('CAÑO CRISTALES')).toBe(normalizeName('Caño Cristales'));
    expect(normalizeName("Pandora's Box")).toBe('pandoras box');
    expect(normalizeName('The Fool (XXII)')).toBe('the fool xxii');
    expect(normalizeName('H. G. Wells')).toBe('h g wells');
  });
});

describe('game week numbers', () => {
  test('a week number starts at the weekly reset that startOfGameWeek finds', () => {
    for (const iso of [
      '2026-11-23T10:59:59.999Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-22T23:30:00Z',
      '2026-12-02T08:00:00Z',
      '2001-02-03T04:05:06Z',
    ]) {
      const now = new Date(iso);
      expect(startOfGameWeekNumber(gameWeekOf(now)).toISOString(), iso).toBe(startOfGameWeek(now).toISOString());
    }
  });
  test('consecutive weeks are consecutive numbers', () => {
    expect(gameWeekOf(new Date('2026-11-23T11:00:00.000Z')) - gameWeekOf(new Date('2026-11-23T10:59:59.999Z'))).toBe(1);
  });
});
