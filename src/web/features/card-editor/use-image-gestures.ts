// Drag, wheel, pinch and keyboard control of the background image. Pointer Events cover mouse,
// pen and touch alike; two active pointers make a pinch.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { zoomFromPinch, zoomFromWheel, type ImageTransform } from './image-transform';

type Point = { x: number; y: number };

interface GestureStart {
  transform: ImageTransform;
  /** Single pointer: where the drag began. */
  origin: Point;
  /** Two pointers: their distance when the pinch began. */
  distance: number;
}

const KEY_STEP = 5;
const KEY_ZOOM = 1.1;

function distance(points: Point[]): number {
  const [a, b] = points;
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function useImageGestures(
  target: RefObject<HTMLElement | null>,
  transform: ImageTransform,
  onChange: (next: Partial<ImageTransform>) => void,
  enabled: boolean,
) {
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<GestureStart | null>(null);
  const latest = useRef({ transform, onChange });
  // A layout effect, not a passive one: it runs in the same commit that paints the new zoom,
  // so a gesture that starts once the zoom is shown starts from it. A passive effect can wait
  // behind input events on a busy main thread, and a pinch then began from the zoom before last.
  useLayoutEffect(() => {
    latest.current = { transform, onChange };
  });

  // React's onWheel is passive, so it cannot stop the page from scrolling while zooming;
  // a native non-passive listener can.
  useEffect(() => {
    const el = target.current;
    if (!el || !enabled) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { transform: t, onChange: change } = latest.current;
      change({ zoom: zoomFromWheel(t.zoom, event.deltaY) });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [target, enabled]);

  const restart = () => {
    const points = [...pointers.current.values()];
    start.current = points.length
      ? { transform: latest.current.transform, origin: points[0], distance: points.length >= 2 ? distance(points) : 0 }
      : null;
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    restart(); // a second finger turns a drag into a pinch from the current state
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId) || !start.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    const s = start.current;
    if (points.length >= 2 && s.distance > 0) {
      onChange({ zoom: zoomFromPinch(s.transform.zoom, s.distance, distance(points)) });
    } else {
      onChange({ x: s.transform.x + points[0].x - s.origin.x, y: s.transform.y + points[0].y - s.origin.y });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    restart();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!enabled) return;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -1, y: 0 },
      ArrowRight: { x: 1, y: 0 },
      ArrowUp: { x: 0, y: -1 },
      ArrowDown: { x: 0, y: 1 },
    };
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    if (moves[event.key]) {
      event.preventDefault();
      onChange({ x: transform.x + moves[event.key].x * step, y: transform.y + moves[event.key].y * step });
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      onChange({ zoom: transform.zoom * KEY_ZOOM });
    } else if (event.key === '-') {
      event.preventDefault();
      onChange({ zoom: transform.zoom / KEY_ZOOM });
    }
  };

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onKeyDown };
}
