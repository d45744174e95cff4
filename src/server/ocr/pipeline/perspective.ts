/**
 * Finds and undoes the perspective of a screen photographed at an angle.
 *
 * Seen at an angle, the tiles' frames stay straight lines, but the vertical ones no longer run
 * parallel: they meet at one vanishing point, and the horizontal ones at another. Each family is
 * found like the rotation (`rotation.ts`): every edge pixel is slid along the line through the
 * guessed vanishing point to one reference row (or column), and the right guess piles the frames'
 * pixels into a few sharp peaks. A guess is two numbers: the lean of the line through the image's
 * centre, and how fast the lines converge (the inverse distance of the vanishing point). The two
 * vanishing points give the map that makes both families parallel and upright again.
 *
 * A rotation is the special case of vanishing points at infinity: when the lines do not converge
 * the image is left to `rotation.ts`, which only turns it.
 */
import { edgePoints, everyNthPoint, type EdgeMaps, type EdgePoints } from './edge-maps';
import { applyHomography, invertHomography, multiplyHomographies, warpImage, type Homography } from './homography';
import { borderColour } from './rotation';
import type { RgbImage } from './tile-grid';
import { roundHalfUp } from './round-half-up';

/** Leans tried, as dx/dy of the line through the centre: up to 6° (a 3.5° rotation and a tilt's lean). */
const MAX_LEAN = 0.105;
/**
 * Convergence tried, in units of the image's half size: a screen tilted 12° before a phone's lens
 * (focal length about the photo's size) converges at about 0.25.
 */
const MAX_CONVERGENCE = 0.36;
/**
 * The search, coarse to fine. A guess is two shifts in analysis pixels: how far the lean moves a
 * line's end, and how far the convergence moves a line at a corner. Each level tries shifts one
 * bin apart within `span` of the level before's best, with pixels counted in bins that wide:
 * a line a guess is a bin off still piles up, so a coarse level cannot step over the right guess.
 * Sparse points suffice for wide bins.
 */
const LEVELS = [
  { bin: 12, span: Infinity, points: 2_000 },
  { bin: 3, span: 12, points: 6_000 },
  { bin: 1, span: 2, points: 20_000 },
];
/**
 * Convergence that moves an image corner's lines by less than this many analysis pixels is not
 * worth a resample: the tile crops would move by about a pixel.
 */
const MIN_CORRECTED_SHIFT = 2;
/**
 * The longest straightened line, as a share of the image's height (vertical) or width
 * (horizontal), below which no perspective is undone. A photographed grid's frames run through
 * half its height and most of its width.
 */
const MIN_LINE_SHARE = 0.3;
/** The undone image is never more than this much larger than the photo on either side. */
const MAX_GROWTH = 1.4;
/**
 * The undone image is drawn at most this wide: a photo frames the page at up to 1,400 px (the
 * decoder's limit), wider than the game's own 800 px image, and every pixel more costs the warp
 * and each stage after it, while names stay well above the size the reader needs.
 */
const MAX_UPRIGHT_WIDTH = 1100;

/** One family of lines: its lean at the centre and its convergence, per analysis pixel. */
interface LineFamily {
  lean: number;
  convergence: number;
}

export interface Perspective {
  /** The vertical frames' vanishing point and the horizontal ones', in the analysis copy's pixels. */
  vertical: LineFamily;
  horizontal: LineFamily;
  /** Image pixels per analysis pixel. */
  scale: number;
}

/**
 * How sharply the family's pixels pile up when slid along lines through its vanishing point to
 * the centre line: the sum of squared counts. `across` and `along` pick the coordinates: x and y
 * for vertical lines, y and x for horizontal ones.
 */
function peakiness(
  points: Int32Array,
  acrossIndex: 0 | 1,
  centre: [number, number],
  bins: Float64Array,
  binWidth: number,
  family: LineFamily,
): number {
  bins.fill(0);
  const alongIndex = 1 - acrossIndex;
  const [ca, cb] = [centre[acrossIndex], centre[alongIndex]];
  const offset = Math.floor(bins.length / 2);
  const { lean, convergence } = family;
  for (let i = 0; i < points.length; i += 2) {
    const across = points[i + acrossIndex] - ca;
    const along = points[i + alongIndex] - cb;
    // Where the line through this pixel and the vanishing point crosses the centre line. Lines
    // squeeze together on the vanishing point's side by `squeeze`; each pixel counts that much,
    // or squeezing alone would score (the sum of squares favours crowded bins).
    const squeeze = 1 - along * convergence;
    const at = (across - along * lean) / squeeze;
    const bin = roundHalfUp(at / binWidth + offset);
    if (bin >= 0 && bin < bins.length) bins[bin] += squeeze;
  }
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += bins[i] * bins[i];
  return score;
}

/**
 * The family (vertical lines: acrossIndex 0; horizontal: 1) whose pixels pile up sharpest, and the
 * longest line it then makes, as a share of the image's extent along it (`edgePixels`: how many
 * edge pixels `all` was sampled from).
 */
function bestFamily(
  all: Int32Array,
  edgePixels: number,
  acrossIndex: 0 | 1,
  points: EdgePoints,
  halfSize: number,
): { family: LineFamily; longestLine: number } {
  const centre: [number, number] = [points.width / 2, points.height / 2];
  const [acrossMax, alongMax] = acrossIndex === 0 ? centre : [centre[1], centre[0]];
  const family = (end: number, corner: number): LineFamily => ({
    lean: end / alongMax,
    convergence: corner / (alongMax * acrossMax),
  });
  const endLimit = MAX_LEAN * alongMax;
  const cornerLimit = (MAX_CONVERGENCE * alongMax * acrossMax) / halfSize;
  let best = { end: 0, corner: 0 };
  let longestLine = 0;
  for (const level of LEVELS) {
    const pts = everyNthPoint(all, Math.max(1, Math.ceil(all.length / 2 / level.points)));
    const bins = new Float64Array(Math.ceil((4 * acrossMax) / level.bin) + 4);
    const score = (end: number, corner: number) =>
      peakiness(pts, acrossIndex, centre, bins, level.bin, family(end, corner));
    const around = best;
    let bestScore = score(around.end, around.corner);
    // No perspective is weighed at every level: a coarse level's wide bins can favour a guess
    // around which the finer levels then find nothing as sharp as no correction at all. A 480 px
    // copy of the real screenshot, its horizontal frames piled 0.89 as sharp as unmoved, was
    // sheared by 1.5° and lost three names ("scale" unseen seed 39093).
    const unmoved = score(0, 0);
    if (unmoved > bestScore) [best, bestScore] = [{ end: 0, corner: 0 }, unmoved];
    const endSpan = Math.min(level.span, endLimit);
    const cornerSpan = Math.min(level.span, cornerLimit);
    for (let end = around.end - endSpan; end <= around.end + endSpan + 1e-9; end += level.bin)
      for (let corner = around.corner - cornerSpan; corner <= around.corner + cornerSpan + 1e-9; corner += level.bin) {
        const value = score(end, corner);
        if (value > bestScore) [best, bestScore] = [{ end, corner }, value];
      }
    score(best.end, best.corner);
    // Each sampled point stands for this many edge pixels; a line's pixels all fall in one bin.
    longestLine = (Math.max(...bins) * edgePixels) / Math.max(1, pts.length / 2) / (2 * alongMax);
  }
  return { family: family(best.end, best.corner), longestLine };
}

/**
 * The perspective of the photographed screen, or null when its lines do not converge (a
 * screenshot, a scan, a rotation alone).
 */
export function estimatePerspective(edges: EdgeMaps): Perspective | null {
  const points = edgePoints(edges);
  const halfSize = Math.max(edges.width, edges.height) / 2;
  const v = bestFamily(points.vertical, points.verticalCount, 0, points, halfSize);
  const h = bestFamily(points.horizontal, points.horizontalCount, 1, points, halfSize);
  const [vertical, horizontal] = [v.family, h.family];
  // Without long lines both ways (a page of text, a photo of art) the peaks are chance: no grid of
  // frames to straighten.
  if (Math.min(v.longestLine, h.longestLine) < MIN_LINE_SHARE) return null;
  if (Math.max(Math.abs(vertical.lean), Math.abs(horizontal.lean)) > MAX_LEAN) return null;
  // At a corner, the convergence moves a line by convergence × half width × half height.
  const corner = (edges.width / 2) * (edges.height / 2);
  const shift = Math.max(Math.abs(vertical.convergence), Math.abs(horizontal.convergence)) * corner;
  if (shift < MIN_CORRECTED_SHIFT) return null;
  return { vertical, horizontal, scale: edges.scale };
}

/**
 * The map from the upright image's pixels to the photo's, about the photo's centre: the
 * horizontal vanishing point becomes the x direction, the vertical one the y direction, and the
 * centre keeps its place and (nearly) its scale.
 */
function uprightToPhoto(perspective: Perspective): Homography {
  const { vertical: v, horizontal: h, scale } = perspective;
  // The vanishing points in the image's pixels about its centre, as homogeneous points.
  const [a, u] = [v.lean, v.convergence / scale];
  const [b, w] = [h.lean, h.convergence / scale];
  const sx = 1 / Math.hypot(1, b);
  const sy = 1 / Math.hypot(1, a);
  return [sx, a * sy, 0, b * sx, sy, 0, w * sx, u * sy, 1];
}

/** The photo with its perspective undone, on a canvas that holds the whole screen. */
export function undoPerspective(img: RgbImage, perspective: Perspective): RgbImage {
  const toPhoto = uprightToPhoto(perspective);
  const toUpright = invertHomography(toPhoto);
  const [cx, cy] = [img.width / 2, img.height / 2];
  const corners = [
    [-cx, -cy],
    [cx, -cy],
    [cx, cy],
    [-cx, cy],
  ].map(([x, y]) => applyHomography(toUpright, { x, y }));
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  const left = clamp(Math.min(...corners.map((p) => p.x)), cx * MAX_GROWTH);
  const right = clamp(Math.max(...corners.map((p) => p.x)), cx * MAX_GROWTH);
  const top = clamp(Math.min(...corners.map((p) => p.y)), cy * MAX_GROWTH);
  const bottom = clamp(Math.max(...corners.map((p) => p.y)), cy * MAX_GROWTH);
  const zoom = Math.min(1, MAX_UPRIGHT_WIDTH / (right - left));
  const width = Math.round((right - left) * zoom);
  const height = Math.round((bottom - top) * zoom);
  // Output pixel → upright coordinates about the centre → photo about its centre → photo pixel.
  const fromOutput: Homography = [1 / zoom, 0, left, 0, 1 / zoom, top, 0, 0, 1];
  const toPixels: Homography = [1, 0, cx, 0, 1, cy, 0, 0, 1];
  const map = multiplyHomographies(toPixels, multiplyHomographies(toPhoto, fromOutput));
  return warpImage(img, map, width, height, borderColour(img));
}
