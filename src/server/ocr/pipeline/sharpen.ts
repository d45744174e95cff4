/**
 * Unsharp masking: each pixel pushed away from the mean of its 3x3 neighbourhood. Blur and a dim
 * screen soften a code's thin strokes, and the line model then reads an 8 whose waist filled in
 * as B, a T whose bar faded as 1; sharpened, the strokes stand apart again.
 */
import { clampRect } from './text-crops';
import type { Rect, RgbImage } from './tile-grid';
import { roundHalfUp } from './round-half-up';

/** A copy of the image with `region` sharpened by `amount` (1: the difference from the local mean added once). */
export function sharpenedRegion(img: RgbImage, region: Rect, amount: number): RgbImage {
  const r = clampRect(img, region);
  const crop = sharpenedCrop(img, r, amount);
  const data = new Uint8Array(img.data);
  for (let y = 0; y < r.height; y++) {
    const from = y * r.width * 3;
    data.set(crop.data.subarray(from, from + r.width * 3), ((r.top + y) * img.width + r.left) * 3);
  }
  return { data, width: img.width, height: img.height };
}

/**
 * `region` (in whole pixels, inside the image) cut out and sharpened by `amount`, its edge pixels
 * against their real neighbours outside it: a small crop of a large image without copying the image.
 */
export function sharpenedCrop(img: RgbImage, r: Rect, amount: number): RgbImage {
  const { width, height, data: source } = img;
  const data = new Uint8Array(r.width * r.height * 3);
  // 3x3 box sums in two passes, each pixel's neighbours clamped to the image: the sum of three
  // pixels along each row, then of three rows of those (a corner's missing ones repeat the edge).
  const top = Math.max(0, r.top - 1);
  const bottom = Math.min(height - 1, r.top + r.height);
  const rowWidth = r.width * 3;
  const across = new Uint16Array((bottom - top + 1) * rowWidth);
  for (let y = top; y <= bottom; y++) {
    const row = y * width * 3;
    for (let x = r.left; x < r.left + r.width; x++) {
      const left = row + (x > 0 ? x - 1 : x) * 3;
      const centre = row + x * 3;
      const right = row + (x < width - 1 ? x + 1 : x) * 3;
      const out = (y - top) * rowWidth + (x - r.left) * 3;
      for (let c = 0; c < 3; c++) across[out + c] = source[left + c] + source[centre + c] + source[right + c];
    }
  }
  for (let y = r.top; y < r.top + r.height; y++) {
    const above = ((y > top ? y - 1 : y) - top) * rowWidth;
    const middle = (y - top) * rowWidth;
    const below = ((y < bottom ? y + 1 : y) - top) * rowWidth;
    const row = (y * width + r.left) * 3;
    const out = (y - r.top) * rowWidth;
    for (let k = 0; k < rowWidth; k++) {
      const v =
        source[row + k] + amount * (source[row + k] - (across[above + k] + across[middle + k] + across[below + k]) / 9);
      data[out + k] = v < 0 ? 0 : v > 255 ? 255 : roundHalfUp(v);
    }
  }
  return { data, width: r.width, height: r.height };
}
