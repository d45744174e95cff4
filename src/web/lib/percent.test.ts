import { formatPercent, formatPointChange } from './percent';

test('shares read as percentages, changes as signed points', () => {
  expect(formatPercent(0.125)).toBe('13%');
  expect(formatPercent(0.0312)).toBe('3.1%');
  expect(formatPercent(0)).toBe('0%');
  expect(formatPercent(1)).toBe('100%');
  expect(formatPointChange(0.031)).toBe('+3.1 pts');
  expect(formatPointChange(-0.004)).toBe('−0.4 pts');
  expect(formatPointChange(0.00001)).toBe('±0 pts');
});
