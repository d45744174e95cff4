// Save Image: renders the on-screen card node to a PNG at `scale` × its size and downloads it.
// html-to-image draws a clone of the very same DOM (through an SVG foreignObject), so the file
// matches the screen; it is loaded only when the user saves, to keep the editor chunk small.
import { CARD_HEIGHT, CARD_WIDTH } from './card-layout';
import { EXPORT_FILE_NAME } from './export-scale';

export async function renderCardPng(node: HTMLElement, scale: number): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(node, {
    pixelRatio: scale,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    // The card uses system fonts only; skipping web-font embedding avoids fetching (and
    // failing on) whatever stylesheets the rest of the site loads.
    skipFonts: true,
    // The clone is placed at the canvas origin; any margin from the layout would shift it.
    style: { margin: '0' },
    // Focus rings and other editing aids are not part of the card.
    filter: (el) => !(el instanceof HTMLElement && el.dataset.exportIgnore === 'true'),
  });
  if (!blob) throw new Error('The card could not be rendered');
  return blob;
}

export function downloadBlob(blob: Blob, fileName = EXPORT_FILE_NAME): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
