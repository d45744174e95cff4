// Position and zoom of the background image inside the art window (zoom 0.5–3).
import { clamp } from '../../lib/clamp';

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;

export interface ImageTransform {
  /** Offset of the image centre from the art window centre, in card px. */
  x: number;
  y: number;
  zoom: number;
}

export const DEFAULT_TRANSFORM: ImageTransform = { x: 0, y: 0, zoom: 1 };

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return clamp(Math.round(zoom * 1000) / 1000, MIN_ZOOM, MAX_ZOOM);
}

/**
 * Zoom after a wheel event. Multiplicative, so each notch feels the same at any zoom;
 * `deltaY` < 0 (wheel up / trackpad spread) zooms in.
 */
export function zoomFromWheel(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.exp(-deltaY * 0.0015));
}

/** Zoom during a pinch: the zoom at its start scaled by how far the fingers moved apart. */
export function zoomFromPinch(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom((startZoom * distance) / startDistance);
}

/** Keeps a restored or dragged offset finite and within a generous range of the window. */
export function clampOffset(value: number, limit = 1000): number {
  if (!Number.isFinite(value)) return 0;
  return clamp(value, -limit, limit);
}
