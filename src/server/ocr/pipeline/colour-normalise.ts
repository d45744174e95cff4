/**
 * Undoes colour casts before anything looks at colours: a phone's night-shift mode (warm), a cool
 * screen, a dimmed screenshot.
 *
 * Every share image holds white text (card names, the header), so the brightest pixels of each
 * channel should be white: each channel is stretched so its bright end reaches 255 ("white
 * patch"). Grey-world balance would be wrong here: the page is strongly coloured, so the average
 * of an intact image is far from grey. Only gains above 1 are applied, so an intact image is left
 * as it is, and the gain is capped so an image without any white (a dark crop) is not blown up.
 */
import type { RgbImage } from './tile-grid';

/** Share of a channel's pixels allowed above its white point (text is a few % of the image). */
const WHITE_SHARE = 0.004;
/** Never multiply a channel by more than this: beyond it, the image had no white to begin with. */
const MAX_GAIN = 2.2;
/** Below this, the stretch is too small to matter and the image is left untouched. */
const MIN_GAIN = 1.02;

/** The channel level that only `share` of the pixels exceed, from a sample of the pixels. */
function brightEnd(data: Uint8Array, channel: number, share: number): number {
  const histogram = new Uint32Array(256);
  const pixels = data.length / 3;
  const step = Math.max(1, Math.floor(pixels / 200_000));
  let counted = 0;
  for (let p = 0; p < pixels; p += step, counted++) histogram[data[p * 3 + channel]]++;
  let above = 0;
  for (let level = 255; level > 0; level--) {
    above += histogram[level];
    if (above >= counted * share) return level;
  }
  return 255;
}

/** The per-channel gains that make the image's white white again: [r, g, b]. */
export function whiteGains(img: RgbImage): [number, number, number] {
  const gains = [0, 1, 2].map((c) => {
    const end = Math.max(1, brightEnd(img.data, c, WHITE_SHARE));
    const gain = Math.min(MAX_GAIN, 255 / end);
    return gain < MIN_GAIN ? 1 : gain;
  });
  return [gains[0], gains[1], gains[2]];
}

/** Stretches each channel to its white point, in place; returns the gains used. */
export function normaliseColour(img: RgbImage): [number, number, number] {
  const gains = whiteGains(img);
  if (gains.every((g) => g === 1)) return gains;
  const tables = gains.map((g) => Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.round(v * g))));
  const { data } = img;
  for (let i = 0; i < data.length; i += 3) {
    data[i] = tables[0][data[i]];
    data[i + 1] = tables[1][data[i + 1]];
    data[i + 2] = tables[2][data[i + 2]];
  }
  return gains;
}
