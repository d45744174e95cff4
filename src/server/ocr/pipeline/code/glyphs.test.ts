import { findGlyphs, isColon } from './glyphs';
import type { RgbImage } from '../tile-grid';

/** A dark image with white boxes painted on it. */
function imageWith(
  width: number,
  height: number,
  boxes: Array<[left: number, top: number, w: number, h: number]>,
): RgbImage {
  const data = new Uint8Array(width * height * 3).fill(20);
  for (const [left, top, w, h] of boxes) {
    for (let y = top; y < top + h; y++) data.fill(240, (y * width + left) * 3, (y * width + left + w) * 3);
  }
  return { data, width, height };
}

describe('findGlyphs', () => {
  const region = { left: 0, top: 0, width: 120, height: 40 };

  it('finds the glyphs left to right, a colon as one glyph, and drops specks', () => {
    const img = imageWith(120, 40, [
      [40, 5, 10, 30], // a bar
      [5, 5, 20, 30], // a block, further left
      [30, 12, 4, 4], // colon, upper dot
      [30, 26, 4, 4], // colon, lower dot
      [100, 2, 2, 2], // speck
    ]);
    const glyphs = findGlyphs(img, region, 90, 15);
    expect(glyphs.map((g) => [g.left, g.top, g.width, g.height])).toEqual([
      [5, 5, 20, 30],
      [30, 12, 4, 18],
      [40, 5, 10, 30],
    ]);
    expect(isColon(glyphs[1], 30)).toBe(true);
    expect(isColon(glyphs[2], 30)).toBe(false);
  });

  it('takes no stem broken in two for a colon: it is as tall as a capital', () => {
    // The real screenshot dimmed and blurred: the stem of a K, with one row faded out.
    const [stem] = findGlyphs(
      imageWith(40, 40, [
        [10, 5, 4, 14],
        [10, 20, 4, 14],
      ]),
      region,
      90,
      15,
    );
    expect(stem).toMatchObject({ height: 29 });
    expect(isColon(stem, 30)).toBe(false);
  });

  it('keeps each glyph’s own ink when a neighbour reaches into its box', () => {
    // An L-shaped glyph whose foot runs under the next glyph's box without touching it.
    const img = imageWith(120, 40, [
      [10, 5, 4, 30],
      [10, 31, 30, 4],
      [24, 5, 8, 22],
    ]);
    const [first, second] = findGlyphs(img, region, 90, 15);
    expect(first).toMatchObject({ left: 10, width: 30, height: 30 });
    expect(second).toMatchObject({ left: 24, width: 8, height: 22 });
    expect(second.ink.every((v) => v === 1)).toBe(true);
    expect(first.ink[(5 - 5) * 30 + (24 - 10)]).toBe(0);
  });
});
