// The landing tiles' 3D tilt and rotation order, as pure functions.
import { clamp } from '../../lib/clamp';

/** The base tilt angle in degrees… */
export const TILT_MAX_DEG = 15;
/** …times this factor: a tile tilts at most about 19.5°. */
export const TILT_FACTOR = 1.3;
/** A tile grows to this scale while the pointer is over it. */
export const HOVER_SCALE = 1.1;
/** A rotating tile shows its next image after this many ms. */
export const ROTATE_MS = 3000;

export interface Tilt {
  rotateX: number;
  rotateY: number;
  scale: number;
}

export const REST: Tilt = { rotateX: 0, rotateY: 0, scale: 1 };

/**
 * The tilt for a pointer at (x, y) inside a tile of the given size: the tile leans toward the
 * pointer, fully (±19.5°) at the edges and not at all at the centre.
 */
export function tiltAt(x: number, y: number, width: number, height: number): Tilt {
  const dx = width > 0 ? clamp((x / width) * 2 - 1, -1, 1) : 0;
  const dy = height > 0 ? clamp((y / height) * 2 - 1, -1, 1) : 0;
  const max = TILT_MAX_DEG * TILT_FACTOR;
  // + 0 turns -0 into 0, so a centred pointer reads as no tilt.
  return { rotateX: -dy * max + 0, rotateY: dx * max + 0, scale: HOVER_SCALE };
}

export function tiltTransform({ rotateX, rotateY, scale }: Tilt): string {
  return `perspective(800px) rotateX(${rotateX.toFixed(2)}deg) rotateY(${rotateY.toFixed(2)}deg) scale(${scale})`;
}

/** A shuffled copy (Fisher–Yates); `random` is injectable so tests are repeatable. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
