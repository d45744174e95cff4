/**
 * Cuts a line of pale text into its glyphs, for reading a deck code character by character.
 *
 * A deck code is random characters, so the line model has no word context to lean on, and in a
 * bold font some glyphs tuck under their neighbour (DejaVu's J under the letter before it): read as
 * a line, "5J" comes out as one character and "4" as "A4". Connected components of the ink are the
 * glyphs however the font kerns them, so the code's length and each character's ink are known.
 */
import { whiteness } from '../text-crops';
import type { Rect, RgbImage } from '../tile-grid';

/** One glyph: its box in image pixels and which of the box's pixels are its ink. */
export interface Glyph {
  left: number;
  top: number;
  width: number;
  height: number;
  /** width × height, 1 where the pixel is this glyph's ink (not a neighbour's that reaches into the box). */
  ink: Uint8Array;
  /**
   * width × height, how inked each pixel of the glyph's strokes is, 0-255 (`toneOf`): what the
   * classifier compares. The cut at one whiteness chips a stroke one or two pixels wide wherever
   * JPEG or blur dims it a little (a narrow face's I at 11 px came out as a ragged bar, like no
   * labelled I); graded, the chip is a slightly fainter pixel. Absent on glyphs drawn as bare ink.
   */
  tone?: Uint8Array;
}

export interface Component {
  left: number;
  top: number;
  right: number;
  bottom: number;
  pixels: number[];
}

/** The capital height of a line of glyphs: the median glyph height (a J or Q hangs lower). */
export function capHeightOf(glyphs: Glyph[]): number {
  const heights = glyphs.map((g) => g.height).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/** 8-connected components of the pixels at or above `threshold` whiteness, in region coordinates. */
export function components(img: RgbImage, r: Rect, threshold: number): Component[] {
  const labels = new Int32Array(r.width * r.height).fill(-1);
  const isInk = (x: number, y: number): boolean =>
    whiteness(img.data, ((r.top + y) * img.width + r.left + x) * 3) >= threshold;
  const found: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== -1 || !isInk(start % r.width, Math.floor(start / r.width))) continue;
    const component: Component = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, pixels: [] };
    labels[start] = found.length;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % r.width;
      const y = (p - x) / r.width;
      component.pixels.push(p);
      component.left = Math.min(component.left, x);
      component.right = Math.max(component.right, x);
      component.top = Math.min(component.top, y);
      component.bottom = Math.max(component.bottom, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= r.width || ny >= r.height) continue;
          const q = ny * r.width + nx;
          if (labels[q] !== -1 || !isInk(nx, ny)) continue;
          labels[q] = found.length;
          stack.push(q);
        }
      }
    }
    found.push(component);
  }
  return found;
}

/** Parts one above the other (a colon's dots, an accent) belong to one glyph. */
function isStackedOn(a: Component, b: Component): boolean {
  const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1;
  const narrower = Math.min(a.right - a.left, b.right - b.left) + 1;
  const verticallyApart = a.bottom < b.top || b.bottom < a.top;
  return verticallyApart && overlap >= narrower * 0.5;
}

/**
 * The glyphs of a text line, left to right. Specks smaller than `minHeight` (JPEG noise) are left
 * out unless they are part of a glyph (the dots of a colon).
 */
export function findGlyphs(img: RgbImage, region: Rect, threshold: number, minHeight: number): Glyph[] {
  const r = {
    left: Math.max(0, Math.round(region.left)),
    top: Math.max(0, Math.round(region.top)),
    width: Math.min(img.width - Math.max(0, Math.round(region.left)), Math.round(region.width)),
    height: Math.min(img.height - Math.max(0, Math.round(region.top)), Math.round(region.height)),
  };
  if (r.width <= 0 || r.height <= 0) return [];
  const groups: Component[][] = [];
  for (const c of components(img, r, threshold).sort((a, b) => a.left - b.left)) {
    const group = groups.find((g) => g.some((member) => isStackedOn(member, c)));
    if (group) group.push(c);
    else groups.push([c]);
  }
  return groups
    .filter((parts) => parts.length > 1 || parts[0].bottom - parts[0].top + 1 >= minHeight)
    .map((parts) => parts.map((part) => componentGlyph(img, part, r, threshold)).reduce(joinGlyphs));
}

/**
 * Whiteness this far either side of the cut's threshold ramps from no ink to full ink: the pale
 * code's strokes stand 100-250 above the paper's whiteness, and a pixel half covered by a stroke
 * sits near the middle of the ramp at the reader's thresholds (90 and 60).
 */
const TONE_RAMP = 40;

/** How inked a pixel of whiteness `w` is, 0-255, for a cut at `threshold`. */
const toneOf = (w: number, threshold: number): number =>
  Math.round(255 * Math.min(1, Math.max(0, (w - threshold + TONE_RAMP) / (2 * TONE_RAMP))));

/**
 * A component (in region `r`'s coordinates) as a glyph in the image's, its tone read off the image
 * within its strokes (`withinStroke`). Not on the blur's halo round them: toned, the halo rounded a
 * small zero into an O (2W0F5T on a light page, "other background" tuning seed 207).
 */
function componentGlyph(img: RgbImage, c: Component, r: Rect, threshold: number): Glyph {
  const width = c.right - c.left + 1;
  const height = c.bottom - c.top + 1;
  const ink = new Uint8Array(width * height);
  for (const p of c.pixels) {
    const x = p % r.width;
    const y = (p - x) / r.width;
    ink[(y - c.top) * width + (x - c.left)] = 1;
  }
  const tone = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!withinStroke(ink, width, height, x, y)) continue;
      const at = ((r.top + c.top + y) * img.width + r.left + c.left + x) * 3;
      tone[y * width + x] = toneOf(whiteness(img.data, at), threshold);
    }
  }
  return { left: r.left + c.left, top: r.top + c.top, width, height, ink, tone };
}

/**
 * Whether the pixel is ink, or lies between ink on two opposite sides (left and right, above and
 * below, or across a diagonal): a chip the cut took out of a stroke, not the blur's halo round it.
 */
function withinStroke(ink: Uint8Array, width: number, height: number, x: number, y: number): boolean {
  const at = (dx: number, dy: number): boolean => {
    const nx = x + dx;
    const ny = y + dy;
    return nx >= 0 && ny >= 0 && nx < width && ny < height && ink[ny * width + nx] === 1;
  };
  return (
    at(0, 0) ||
    (at(-1, 0) && at(1, 0)) ||
    (at(0, -1) && at(0, 1)) ||
    (at(-1, -1) && at(1, 1)) ||
    (at(1, -1) && at(-1, 1))
  );
}

/** One glyph of the ink of both: the pieces of a character that blur or JPEG broke apart. */
export function joinGlyphs(a: Glyph, b: Glyph): Glyph {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  const width = Math.max(a.left + a.width, b.left + b.width) - left;
  const height = Math.max(a.top + a.height, b.top + b.height) - top;
  const ink = new Uint8Array(width * height);
  const tone = a.tone && b.tone ? new Uint8Array(width * height) : undefined;
  for (const g of [a, b]) {
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        const at = (g.top - top + y) * width + (g.left - left + x);
        if (g.ink[y * g.width + x]) ink[at] = 1;
        if (tone) tone[at] = Math.max(tone[at], g.tone![y * g.width + x]);
      }
    }
  }
  return { left, top, width, height, ink, ...(tone && { tone }) };
}

/**
 * A colon: two small parts, one above the other, from about the x-height down (0.6-0.7 of a
 * capital). A letter's stem that blur and dimming break in two is as tall as a capital.
 */
export function isColon(glyph: Glyph, capHeight: number): boolean {
  return (
    glyph.height >= capHeight * 0.4 &&
    glyph.height <= capHeight * 0.85 &&
    glyph.width < capHeight * 0.45 &&
    hasGapRow(glyph)
  );
}

function hasGapRow(glyph: Glyph): boolean {
  for (let y = 1; y < glyph.height - 1; y++) {
    let empty = true;
    for (let x = 0; x < glyph.width && empty; x++) if (glyph.ink[y * glyph.width + x]) empty = false;
    if (empty) return true;
  }
  return false;
}
