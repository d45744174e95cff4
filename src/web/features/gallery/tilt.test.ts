import { HOVER_SCALE, shuffle, tiltAt, tiltTransform } from './tilt';

test('a tile tilts toward the pointer, at most 1.3 × 15° = 19.5°, and grows to 1.1', () => {
  expect(tiltAt(150, 200, 300, 400)).toEqual({ rotateX: 0, rotateY: 0, scale: HOVER_SCALE });
  const corner = tiltAt(300, 0, 300, 400);
  expect(corner.rotateY).toBeCloseTo(19.5);
  expect(corner.rotateX).toBeCloseTo(19.5);
  expect(tiltAt(-50, 900, 300, 400).rotateX).toBeCloseTo(-19.5);
  expect(tiltTransform(corner)).toBe('perspective(800px) rotateX(19.50deg) rotateY(19.50deg) scale(1.1)');
});

test('shuffle keeps every item and follows the random source', () => {
  const items = [1, 2, 3, 4, 5, 6];
  expect(shuffle(items).sort()).toEqual(items);
  expect(shuffle(items, () => 0)).toEqual([2, 3, 4, 5, 6, 1]);
  expect(items).toEqual([1, 2, 3, 4, 5, 6]);
});
