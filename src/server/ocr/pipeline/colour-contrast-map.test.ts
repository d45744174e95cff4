/**
 * The colour-contrast map on drawn headers: pale text on a light page (no whiter than the page)
 * comes out white, a gradient page beside dark boxes comes out black, and strokes stay apart.
 */
import sharp from 'sharp';
import { colourContrastMap } from './colour-contrast-map';
import { findGlyphs } from './code/glyphs';
import { findTextLines } from './text-crops';
import type { RgbImage } from './tile-grid';

async function jpegPixels(svg: string): Promise<RgbImage> {
  const jpeg = await sharp(Buffer.from(svg)).removeAlpha().jpeg({ quality: 85 }).toBuffer();
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const mean = (img: RgbImage, left: number, top: number, width: number, height: number): number => {
  let sum = 0;
  for (let y = top; y < top + height; y++)
    for (let x = left; x < left + width; x++) sum += img.data[(y * img.width + x) * 3];
  return sum / (width * height);
};

describe('colourContrastMap', () => {
  it('turns pale text on a light page (no whiter than the page) into white text the line finder sees', async () => {
    const img = await jpegPixels(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><rect width="100%" height="100%" fill="#dccfcf"/><rect x="0" y="0" width="120" height="120" fill="#0c1a30"/><text x="150" y="75" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="#b9cbe6">DECK CODE: FLOIF0</text></svg>`,
    );
    const text = { left: 130, top: 0, width: 270, height: 120 };
    expect(findTextLines(img, text)).toEqual([]);
    const lines = findTextLines(colourContrastMap(img, { left: 0, top: 0, width: 400, height: 120 }), text);
    expect(lines).toHaveLength(1);
    expect(lines[0].top).toBeGreaterThan(40);
    expect(lines[0].bottom).toBeLessThan(85);
  });

  it('keeps a gradient page black beside flat dark boxes that outnumber each of its shades', async () => {
    // The page's shades change across each row; the two avatar boxes are one colour.
    const img = await jpegPixels(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><defs><linearGradient id="page" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d7ccc8"/><stop offset="1" stop-color="#f4f0ee"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#page)"/><rect x="20" y="0" width="175" height="200" fill="#0b1a2e"/><rect x="600" y="0" width="175" height="200" fill="#0b1a2e"/></svg>`,
    );
    const map = colourContrastMap(img, { left: 0, top: 0, width: 800, height: 200 });
    expect(mean(map, 210, 10, 380, 180)).toBeLessThan(5);
    expect(mean(map, 40, 10, 140, 180)).toBeGreaterThan(200);
  });

  it('draws the strokes of pale text sharply from brightness: the characters of a small code stay apart', async () => {
    // Pale blue on pale pink differs from the page by 5 levels of brightness, and in colour, which
    // a JPEG keeps at half resolution: drawn from colour alone, the code's glyphs run together.
    const img = await jpegPixels(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><rect width="100%" height="100%" fill="#d7ccc8"/><text x="30" y="38" font-family="DejaVu Sans" font-weight="bold" font-size="18" fill="#b9cde6">DECK CODE: 60VX5A</text></svg>`,
    );
    const map = colourContrastMap(img, { left: 0, top: 0, width: 400, height: 60 });
    const [line] = findTextLines(map, { left: 0, top: 0, width: 400, height: 60 });
    const glyphs = findGlyphs(
      map,
      { left: 0, top: line.top - 4, width: 400, height: line.bottom - line.top + 8 },
      90,
      (line.bottom - line.top) * 0.5,
    );
    // D E C K C O D E 6 0 V X 5 A, each a glyph of its own and none wider than a capital: the
    // colon's dots are 3-5 levels darker than the page, in a colour this JPEG did not keep, so no
    // view of this image shows them.
    expect(glyphs).toHaveLength(14);
    for (const glyph of glyphs) expect(glyph.width).toBeLessThan(line.bottom - line.top);
  });
});
