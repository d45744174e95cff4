import { normaliseColour, whiteGains } from './colour-normalise';
import type { RgbImage } from './tile-grid';

/** A blue page with some white text pixels, every channel multiplied by `tint`. */
function page(tint: [number, number, number]): RgbImage {
  const width = 100;
  const height = 100;
  const data = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const white = p % 50 === 0;
    const rgb = white ? [255, 255, 255] : [40, 120, 220];
    for (let c = 0; c < 3; c++) data[p * 3 + c] = Math.round(rgb[c] * tint[c]);
  }
  return { data, width, height };
}

describe('normaliseColour', () => {
  it('makes the white of a warm-tinted, dimmed image white again', () => {
    const img = page([0.9, 0.78, 0.55]);
    normaliseColour(img);
    const white = [...img.data.subarray(0, 3)];
    for (const v of white) expect(v).toBeGreaterThanOrEqual(250);
    // The page keeps its hue: still blue.
    expect(img.data[5]).toBeGreaterThan(img.data[3]);
  });

  it('leaves an image with white in it as it is', () => {
    expect(whiteGains(page([1, 1, 1]))).toEqual([1, 1, 1]);
  });

  it('caps the gain of an image with no white at all', () => {
    const dark = page([0.2, 0.2, 0.2]);
    for (const gain of whiteGains(dark)) expect(gain).toBeLessThanOrEqual(2.2);
  });
});
