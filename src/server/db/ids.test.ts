import { expect, test } from 'vitest';
import { nowIso } from './ids.js';

test('stamps made in one millisecond still come out in the order they were made', () => {
  const stamps = Array.from({ length: 50 }, () => nowIso());
  expect(new Set(stamps).size).toBe(50);
  expect([...stamps].sort()).toEqual(stamps);
});

test('a given moment is written as it is', () => {
  expect(nowIso(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
});
