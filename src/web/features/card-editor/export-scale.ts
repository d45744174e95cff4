// How much larger than on screen the saved PNG is. Small screens show a small
// card, so they get a larger multiplier to still produce a sharp, shareable image.

/** Width above which the window counts as a desktop (scale 2). */
export const DESKTOP_MIN_WIDTH = 1024;
/** Width above which the window counts as a tablet (scale 4); at or below it, a phone (scale 7). */
export const TABLET_MIN_WIDTH = 768;

export function exportScale(windowWidth: number): number {
  if (windowWidth > DESKTOP_MIN_WIDTH) return 2;
  if (windowWidth > TABLET_MIN_WIDTH) return 4;
  return 7;
}

/** The name of the saved file ("saved as a PNG named template-image"). */
export const EXPORT_FILE_NAME = 'template-image.png';
