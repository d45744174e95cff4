import { clampOffset, clampZoom, MAX_ZOOM, MIN_ZOOM, zoomFromPinch, zoomFromWheel } from './image-transform';

describe('background image transform', () => {
  it('clamps zoom to 0.5–3', () => {
    expect(MIN_ZOOM).toBe(0.5);
    expect(MAX_ZOOM).toBe(3);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(10)).toBe(3);
    expect(clampZoom(1.25)).toBe(1.25);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('zooms in on wheel up and out on wheel down, within the limits', () => {
    expect(zoomFromWheel(1, -100)).toBeGreaterThan(1);
    expect(zoomFromWheel(1, 100)).toBeLessThan(1);
    let zoom = 1;
    for (let i = 0; i < 50; i += 1) zoom = zoomFromWheel(zoom, -120);
    expect(zoom).toBe(3);
    for (let i = 0; i < 50; i += 1) zoom = zoomFromWheel(zoom, 120);
    expect(zoom).toBe(0.5);
  });

  it('scales by the pinch distance ratio', () => {
    expect(zoomFromPinch(1, 100, 200)).toBe(2);
    expect(zoomFromPinch(2, 100, 50)).toBe(1);
    expect(zoomFromPinch(2, 100, 1000)).toBe(3);
    expect(zoomFromPinch(1.5, 0, 10)).toBe(1.5);
  });

  it('keeps offsets finite', () => {
    expect(clampOffset(Number.POSITIVE_INFINITY)).toBe(0);
    expect(clampOffset(5000)).toBe(1000);
  });
});
