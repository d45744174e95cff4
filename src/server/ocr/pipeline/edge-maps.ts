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
  // Squared steps, written out per channel: this loop walks every pixel of the analysis copy
  // (~700,000) once or twice per image before any text can be read, and with Math.abs and
  // Math.max calls it took twice the time.
  const edge = EDGE_STEP * EDGE_STEP;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * stride + 3, o = y * width + 1; x < width - 1; x++, i += 3, o++) {
      let r = data[i + 3] - data[i - 3];
      let g = data[i + 4] - data[i - 2];
      let b = data[i + 5] - data[i - 1];
      if (r * r >= edge || g * g >= edge || b * b >= edge) vertical[o] = 1;
      r = data[i + stride] - data[i - stride];
      g = data[i + stride + 1] - data[i - stride + 1];
      b = data[i + stride + 2] - data[i - stride + 2];
      if (r * r >= edge || g * g >= edge || b * b >= edge) horizontal[o] = 1;
    }
  }
  return { width, height, scale: sourceWidth / width, vertical, horizontal };
}

/** Edge pixels kept per direction: plenty for a sharp profile, and each angle tried stays cheap. */
const MAX_POINTS = 40_000;

export interface EdgePoints {
  width: number;
  height: number;
  /** x, y pairs of vertical-edge pixels, then of horizontal-edge pixels. */
  vertical: Int32Array;
  horizontal: Int32Array;
  /** How many edge pixels each map holds: each pair kept stands for count / pairs of them. */
  verticalCount: number;
  horizontalCount: number;
}

/** Each map's points, taken once: the perspective and the rotation estimates both walk them (and only read them). */
const pointsOfMaps = new WeakMap<EdgeMaps, EdgePoints>();

/** The edge pixels of both maps as x, y pairs, at most MAX_POINTS of each spread over the image. */
export function edgePoints(edges: EdgeMaps): EdgePoints {
  let points = pointsOfMaps.get(edges);
  if (!points) {
    points = collectEdgePoints(edges);
    pointsOfMaps.set(edges, points);
  }
  return points;
}

function collectEdgePoints(edges: EdgeMaps): EdgePoints {
  const vertical = pointsOf(edges.vertical, edges.width);
  const horizontal = pointsOf(edges.horizontal, edges.width);
  return {
    width: edges.width,
    height: edges.height,
    vertical: vertical.points,
    horizontal: horizontal.points,
    verticalCount: vertical.count,
    horizontalCount: horizontal.count,
  };
}

function pointsOf(map: Uint8Array, width: number): { points: Int32Array; count: number } {
  let count = 0;
  for (let i = 0; i < map.length; i++) count += map[i];
  const step = Math.max(1, Math.ceil(count / MAX_POINTS));
  const points = new Int32Array(2 * Math.ceil(count / step));
  // Every step-th edge pixel, in reading order.
  let skip = 0;
  let n = 0;
  for (let i = 0; i < map.length; i++) {
    if (!map[i]) continue;
    if (skip-- > 0) continue;
    skip = step - 1;
    points[n++] = i % width;
    points[n++] = Math.floor(i / width);
  }
  return { points: points.subarray(0, n), count };
}

/** Every n-th of the x, y pairs. */
export function everyNthPoint(points: Int32Array, n: number): Int32Array {
  const kept = new Int32Array(2 * Math.ceil(points.length / (2 * n)));
  for (let i = 0, k = 0; i < points.length; i += 2 * n, k += 2) {
    kept[k] = points[i];
    kept[k + 1] = points[i + 1];
  }
  return kept;
}
