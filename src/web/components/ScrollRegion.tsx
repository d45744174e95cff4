// A region wider content scrolls sideways in (a table on a phone), which says so while there is
// more to see: a page that scrolls sideways with no hint looks cut off (issue 38, /meta at 390 px).
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '../../common/messages';

/** Wider than its box, and not yet scrolled to the far end: [more to the right, more to the left]. */
function overflowOf(el: HTMLElement): { right: boolean; left: boolean } {
  // One pixel of slack: rounded widths leave a fraction of a pixel of "overflow" at exact fits.
  return { right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1, left: el.scrollLeft > 1 };
}

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState({ right: false, left: false });
  const measure = useCallback(() => {
    if (ref.current) setOverflow(overflowOf(ref.current));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return; // jsdom
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  const scrolls = overflow.right || overflow.left;
  return (
    <>
      {scrolls && (
        <p className="scroll-hint" id={hintId}>
          {MESSAGES.scrollSideways}
        </p>
      )}
      <div
        ref={ref}
        className={`${className} scroll-region${overflow.right ? ' has-more-right' : ''}${overflow.left ? ' has-more-left' : ''}`}
        role="region"
        aria-label={label}
        aria-describedby={scrolls ? hintId : undefined}
        // Focusable so the keyboard can scroll it too (axe: scrollable-region-focusable).
        tabIndex={0}
        onScroll={measure}
      >
        {children}
      </div>
    </>
  );
}
