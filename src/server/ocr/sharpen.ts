/**
 * Unsharp masking: each pixel pushed away from the mean of its 3x3 neighbourhood. Blur and a dim
 * screen soften a code's thin strokes, and the line model then reads an 8 whose waist filled in
 * as B, a T whose bar faded as 1; sharpened, the strokes stand apart again.
 */
import { clampRect } from './text-crops';
import type { Rect, RgbImage } from './tile-grid';

/** A copy of the image with `region` sharpened by `amount` (1: the difference from the local mean added once). */
export function sharpenedRegion(img: RgbImage, region: Rect, amount: number): RgbImage {
  const r = clampRect(img, region);
  const { width, height, data: source } = img;
  const data = new Uint8Array(source);
  // Sums over three columns, then over three rows of those: 3x3 box sums in two passes.
  const top = Math.max(0, r.top - 1);
  const bottom = Math.min(height - 1, r.top + r.height);
  const across = new Float32Array((bottom - top + 1) * r.width * 3);
  for (let y = top; y <= bottom; y++) {
    for (let x = r.left; x < r.left + r.width; x++) {
      const [left, right] = [Math.max(0, x - 1), Math.min(width - 1, x + 1)];
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let xx = left; xx <= right; xx++) sum += source[(y * width + xx) * 3 + c];
        across[((y - top) * r.width + x - r.left) * 3 + c] = sum / (right - left + 1);
      }
    }
  }
  for (let y = r.top; y < r.top + r.height; y++) {
    const [above, below] = [Math.max(top, y - 1), Math.min(bottom, y + 1)];
    for (let x = r.left; x < r.left + r.width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let yy = above; yy <= below; yy++) sum += across[((yy - top) * r.width + x - r.left) * 3 + c];
        const i = (y * width + x) * 3 + c;
        data[i] = Math.max(0, Math.min(255, Math.round(source[i] + amount * (source[i] - sum / (below - above + 1)))));
      }
    }
  }
  return { data, width, height };
}
