import { findGlyphs, isColon } from './glyphs';
import type { RgbImage } from '../tile-grid';

/** A dark image with white boxes painted on it. */
function imageWith(
  width: number,
  height: number,
  boxes: Array<[left: number, top: number, w: number, h: number, grey?: number]>,
): RgbImage {
  const data = new Uint8Array(width * height * 3).fill(20);
  for (const [left, top, w, h, grey = 240] of boxes) {
    for (let y = top; y < top + h; y++) data.fill(grey, (y * width + left) * 3, (y * width + left + w) * 3);
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

  it('shades each pixel by how inky it is, where the cut is all or nothing', () => {
    // A block with a stroke of half-lit pixels inside it (a stem between two pixel columns), and a
    // fainter one the cut leaves out.
    const img = imageWith(120, 40, [
      [10, 5, 12, 30],
      [14, 10, 1, 10, 130],
      [17, 10, 1, 10, 60],
    ]);
    const [glyph] = findGlyphs(img, region, 90, 15);
    const at = (x: number, y: number) => (y - glyph.top) * glyph.width + (x - glyph.left);
    expect(glyph.shade![at(11, 6)]).toBe(255);
    expect(glyph.ink[at(14, 12)]).toBe(1);
    expect(glyph.shade![at(14, 12)]).toBe(213);
    expect(glyph.ink[at(17, 12)]).toBe(0);
    expect(glyph.shade![at(17, 12)]).toBe(64);
  });

  it("shades none of a neighbour's ink that reaches into the box", () => {
    const img = imageWith(120, 40, [
      [10, 5, 4, 30],
      [10, 31, 30, 4],
      [24, 5, 8, 22],
    ]);
    const [first] = findGlyphs(img, region, 90, 15);
    expect(first.shade![(5 - 5) * 30 + (26 - 10)]).toBe(0);
  });
});
