/**
 * Where the colour changes sharply, on a small copy of the image: what the tile finder and the
 * skew estimate look at.
 *
 * Edges, not colours: a tile's dark frame against the page is an edge whatever the page's colour
 * (a flat colour, a gradient, a tint), and the gutters between tiles are smooth on every layout.
 */
import sharp from 'sharp';
import type { RgbImage } from './tile-grid';

/** Width the structure is looked for at: tiles are ~140 px wide there, plenty to place them. */
export const ANALYSIS_WIDTH = 600;
/**
 * A step of this much in any channel across 2 px is an edge. A dark frame against even a dark
 * page steps more; JPEG ringing on a flat page steps less.
 */
const EDGE_STEP = 30;

export interface EdgeMaps {
  width: number;
  height: number;
  /** Image pixels per analysis pixel. */
  scale: number;
  /** 1 where the colour steps left to right (a vertical edge). */
  vertical: Uint8Array;
  /** 1 where the colour steps top to bottom (a horizontal edge). */
  horizontal: Uint8Array;
}

/** The image scaled down to the analysis width (never up), as raw RGB. */
export async function analysisCopy(img: RgbImage): Promise<RgbImage> {
  const width = Math.min(ANALYSIS_WIDTH, img.width);
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ width, kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

export function edgeMaps(small: RgbImage, sourceWidth: number): EdgeMaps {
  const { data, width, height } = small;
  const vertical = new Uint8Array(width * height);
  const horizontal = new Uint8Array(width * height);
  const stride = width * 3;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * stride + x * 3;
      let dx = 0;
      let dy = 0;
      for (let c = 0; c < 3; c++) {
        dx = Math.max(dx, Math.abs(data[i + 3 + c] - data[i - 3 + c]));
        dy = Math.max(dy, Math.abs(data[i + stride + c] - data[i - stride + c]));
      }
      if (dx >= EDGE_STEP) vertical[y * width + x] = 1;
      if (dy >= EDGE_STEP) horizontal[y * width + x] = 1;
    }
  }
  return { width, height, scale: sourceWidth / width, vertical, horizontal };
}
