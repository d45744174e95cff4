/**
 * The text-line finder on drawn pixels: lines split at blank rows even when a frame runs through
 * the region (the tile's edge in a tilted image), and a line's span narrowed to the text.
 */
import sharp from 'sharp';
import { centredSpan, colourContrastMap, findTextLines } from './text-crops';
import type { RgbImage } from './tile-grid';

/** A dark 200x60 image with white rectangles painted in. */
function image(rects: Array<[left: number, top: number, width: number, height: number]>): RgbImage {
  const width = 200;
  const height = 60;
  const data = new Uint8Array(width * height * 3).fill(30);
  for (const [left, top, w, h] of rects) {
    for (let y = top; y < top + h; y++) data.fill(255, (y * width + left) * 3, (y * width + left + w) * 3);
  }
  return { data, width, height };
}

const whole = { left: 0, top: 0, width: 200, height: 60 };

describe('findTextLines', () => {
  it('splits a badge from the name under it, even with a frame running through every row', () => {
    const badge: [number, number, number, number] = [95, 8, 10, 10];
    const name: [number, number, number, number] = [60, 30, 80, 12];
    expect(findTextLines(image([badge, name]), whole)).toHaveLength(2);
    const framed = findTextLines(image([badge, name, [190, 0, 2, 60]]), whole);
    expect(framed.map((l) => [l.top, l.bottom])).toEqual([
      [8, 18],
      [30, 42],
    ]);
  });
});

describe('centredSpan', () => {
  it('keeps the words around the centre and drops ink far beside them', () => {
    const img = image([
      [60, 30, 30, 12],
      [95, 30, 40, 12],
      [185, 30, 3, 12],
    ]);
    const [line] = findTextLines(img, whole);
    expect(line.right).toBe(187);
    const span = centredSpan(img, line, 100, 15);
    expect([span.left, span.right]).toEqual([60, 134]);
  });
});

describe('colourContrastMap', () => {
  it('turns pale text on a light page (no whiter than the page) into white text the line finder sees', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><rect width="100%" height="100%" fill="#dccfcf"/><rect x="0" y="0" width="120" height="120" fill="#0c1a30"/><text x="150" y="75" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="#b9cbe6">DECK CODE: FLOIF0</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().jpeg({ quality: 85 }).toBuffer().then((jpeg) => sharp(jpeg).raw().toBuffer({ resolveWithObject: true }));
    const img: RgbImage = { data: new Uint8Array(data), width: info.width, height: info.height };
    const text = { left: 130, top: 0, width: 270, height: 120 };
    expect(findTextLines(img, text)).toEqual([]);
    const lines = findTextLines(colourContrastMap(img, { left: 0, top: 0, width: 400, height: 120 }), text);
    expect(lines).toHaveLength(1);
    expect(lines[0].top).toBeGreaterThan(40);
    expect(lines[0].bottom).toBeLessThan(85);
  });
});
