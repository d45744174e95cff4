/**
 * The text-line finder on drawn pixels: lines split at blank rows even when a frame runs through
 * the region (the tile's edge in a tilted image), and a line's span narrowed to the text that is
 * centred.
 */
import { capitalHeight, capitalsOf, centredSpan, findTextLines } from './text-crops';
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

  it('keeps a word beyond a wider gap when the text is centred only with it', () => {
    // Two words whose gap, wider than maxGap, holds the centre: "CARINA NEBULA", not "CARINA".
    const twoWords = image([
      [40, 30, 50, 12],
      [112, 30, 48, 12],
    ]);
    const span = centredSpan(twoWords, findTextLines(twoWords, whole)[0], 100, 15);
    expect([span.left, span.right]).toEqual([40, 159]);
    // A word as far beside centred text is no part of it: with it, the text is off the centre.
    const beside = image([
      [70, 30, 60, 12],
      [152, 30, 10, 12],
    ]);
    const alone = centredSpan(beside, findTextLines(beside, whole)[0], 100, 15);
    expect([alone.left, alone.right]).toEqual([70, 129]);
  });

  it('keeps the pieces on both sides of the middle when only both together centre the text', () => {
    // A blurred name broken into a middle and two outer pieces, the left one further off: either
    // outer piece alone moves the text's middle further from the centre, both bring it onto it.
    const broken = image([
      [40, 30, 14, 12],
      [76, 30, 30, 12],
      [126, 30, 34, 12],
    ]);
    const span = centredSpan(broken, findTextLines(broken, whole)[0], 100, 10);
    expect([span.left, span.right]).toEqual([40, 159]);
  });
});

describe('capitalHeight', () => {
  it('measures the capitals, not a tail or an accent reaching past them in a thin stroke', () => {
    // Capitals 12 rows tall, 80 wide; a tail 4 wide for 6 rows under them, an accent over them.
    const img = image([
      [60, 20, 80, 12],
      [120, 32, 4, 6],
      [90, 17, 6, 3],
    ]);
    const [line] = findTextLines(img, whole);
    expect(line.bottom - line.top).toBe(21);
    expect(capitalHeight(img, line)).toBe(12);
  });

  it('counts the rows between bars, where capitals such as S, E and T are only stems', () => {
    // Three bars 80 wide and 2 tall at the top, middle and bottom of 12 rows; three stems 4 wide.
    const img = image([
      [60, 20, 80, 2],
      [60, 25, 80, 2],
      [60, 30, 80, 2],
      [60, 20, 4, 12],
      [98, 20, 4, 12],
      [136, 20, 4, 12],
    ]);
    const [line] = findTextLines(img, whole);
    expect(capitalHeight(img, line)).toBe(12);
  });

  it('stops at the rows between the capitals and the dots of an umlaut, however full their row', () => {
    // Bars 40 wide at the top and bottom of 12 rows, two stems; four dots 4 wide two rows above
    // them, in one line with the capitals because a bracket beside them spans the rows between.
    const img = image([
      [60, 20, 40, 2],
      [60, 30, 40, 2],
      [60, 20, 4, 12],
      [96, 20, 4, 12],
      [62, 16, 4, 2],
      [70, 16, 4, 2],
      [84, 16, 4, 2],
      [92, 16, 4, 2],
      [104, 14, 2, 22],
    ]);
    const [line] = findTextLines(img, whole);
    expect(line.top).toBe(14);
    expect(capitalHeight(img, line)).toBe(12);
  });

  it('tells capitals, whose stems fill their height, from a thin rim of art that fills whole rows', () => {
    // Capitals: bars and stems. The rim: a line one row thick stepping down across 80 columns.
    const capitals = image([
      [60, 20, 80, 2],
      [60, 30, 80, 2],
      [60, 20, 6, 12],
      [78, 20, 6, 12],
      [96, 20, 6, 12],
      [114, 20, 6, 12],
      [134, 20, 6, 12],
    ]);
    const rim = image(
      [0, 1, 2, 3, 4, 5, 6, 7].map((step): [number, number, number, number] => [60 + step * 10, 20 + step, 12, 2]),
    );
    const [capitalLine] = findTextLines(capitals, whole);
    const [rimLine] = findTextLines(rim, whole);
    expect(capitalsOf(capitals, capitalLine).stemShare).toBeGreaterThan(0.2);
    expect(capitalsOf(rim, rimLine).stemShare).toBeLessThan(0.1);
  });
});
