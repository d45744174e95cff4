/**
 * Plane-to-plane maps (homographies): what a camera does to a flat screen it photographs at an
 * angle, and what the reader undoes. A map is a 3×3 matrix in row-major order acting on (x, y, 1).
 */
import type { RgbImage } from './tile-grid';
import { roundHalfUp } from './round-half-up';

export type Homography = readonly number[];
export interface Point {
  x: number;
  y: number;
}

export function applyHomography(m: Homography, p: Point): Point {
  const z = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / z, y: (m[3] * p.x + m[4] * p.y + m[5]) / z };
}

export function multiplyHomographies(a: Homography, b: Homography): Homography {
  const out: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) out.push(a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c]);
  return out;
}

export function invertHomography(m: Homography): Homography {
  const [a, b, c, d, e, f, g, h, i] = m;
  const cofactors = [e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f];
  const rest = [d * h - e * g, b * g - a * h, a * e - b * d];
  const det = a * cofactors[0] + b * cofactors[3] + c * rest[0];
  return [...cofactors, ...rest].map((v) => v / det);
}

/** The map taking each of four points to its partner (the points in order, no three on a line). */
export function homographyFromCorners(from: readonly Point[], to: readonly Point[]): Homography {
  // Eight equations in the eight unknowns of m (m[8] = 1), solved by Gaussian elimination.
  const rows: number[][] = [];
  from.forEach(({ x, y }, k) => {
    const { x: u, y: v } = to[k];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  });
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const factor = rows[r][col] / rows[col][col];
      for (let c = col; c < 9; c++) rows[r][c] -= factor * rows[col][c];
    }
  }
  return [...rows.map((row, r) => row[8] / row[r]), 1];
}

/**
 * An image of `width`×`height` whose pixel (x, y) is the source's pixel at `toSource`(x, y),
 * sampled bilinearly; outside the source it is `background`.
 */
export function warpImage(
  source: RgbImage,
  toSource: Homography,
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
): RgbImage {
  const out = new Uint8Array(width * height * 3);
  const { data, width: sw, height: sh } = source;
  const m = toSource;
  for (let y = 0; y < height; y++) {
    // Along a row the three sums move by a constant step: only the division is left per pixel.
    let u = m[1] * y + m[2];
    let v = m[4] * y + m[5];
    let z = m[7] * y + m[8];
    for (let x = 0, o = y * width * 3; x < width; x++, o += 3, u += m[0], v += m[3], z += m[6]) {
      const sx = u / z;
      const sy = v / z;
      if (!(sx >= 0 && sy >= 0 && sx <= sw - 1 && sy <= sh - 1)) {
        out[o] = background.r;
        out[o + 1] = background.g;
        out[o + 2] = background.b;
        continue;
      }
      const x0 = Math.min(Math.floor(sx), sw - 2);
      const y0 = Math.min(Math.floor(sy), sh - 2);
      // Bilinear weights in 1/256ths: integer sums, one rounding shift per channel.
      const fx = roundHalfUp((sx - x0) * 256);
      const fy = roundHalfUp((sy - y0) * 256);
      const w11 = fx * fy;
      const w01 = (256 - fx) * fy;
      const w10 = fx * (256 - fy);
      const w00 = 65536 - w11 - w01 - w10;
      const i = (y0 * sw + x0) * 3;
      const j = i + sw * 3;
      out[o] = (w00 * data[i] + w10 * data[i + 3] + w01 * data[j] + w11 * data[j + 3] + 32768) >> 16;
      out[o + 1] = (w00 * data[i + 1] + w10 * data[i + 4] + w01 * data[j + 1] + w11 * data[j + 4] + 32768) >> 16;
      out[o + 2] = (w00 * data[i + 2] + w10 * data[i + 5] + w01 * data[j + 2] + w11 * data[j + 5] + 32768) >> 16;
    }
  }
  return { data: out, width, height };
}
