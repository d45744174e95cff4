/**
 * Decodes an uploaded image into plain RGB pixels at a predictable size.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../images/validate-image';
import type { RgbImage } from './tile-grid';

/** The upload is not an image we can decode (not an image, truncated, unsupported...). */
export class OcrImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrImageError';
  }
}

/**
 * Share images come 600–1200 px wide; wider ones (tablet captures) are scaled down because the
 * text is already large enough there and every extra pixel costs OCR time.
 */
const MAX_WIDTH = 1400;
/**
 * A deck screenshot is about twice as tall as wide; a very tall image (a long scroll capture, a
 * hostile 1400x28500 PNG) is scaled down to this height so no step walks tens of megapixels.
 */
const MAX_HEIGHT = 6000;
/** Below this the card names are a few pixels tall and no reader gets them right. */
const MIN_SIDE = 200;

/** Decoded pixels, and what the upload was, for messages and logs. */
export interface DecodedImage extends RgbImage {
  sourceWidth: number;
  sourceHeight: number;
  format: string;
  /** Set when the image is too small to hold readable text: the message to show. */
  tooSmall?: string;
}

export async function decodeImage(buffer: Buffer): Promise<DecodedImage> {
  try {
    // failOn 'warning' makes a truncated JPEG an error instead of a half-grey picture.
    const input = sharp(buffer, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS });
    const meta = await input.metadata();
    const { data, info } = await input
      .rotate()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    const source = {
      sourceWidth: meta.width ?? info.width,
      sourceHeight: meta.height ?? info.height,
      format: meta.format ?? 'unknown',
    };
    const tooSmall =
      Math.min(info.width, info.height) < MIN_SIDE
        ? `The image is too small to read (${info.width}x${info.height} px).`
        : undefined;
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      ...source,
      ...(tooSmall ? { tooSmall } : {}),
    };
  } catch (error) {
    throw new OcrImageError('The file is not a readable image.', { cause: error });
  }
}
