/**
 * Decodes an uploaded image into plain RGB pixels at a predictable size.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../images/validate-image';
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
/** Below this the card names are a few pixels tall and no reader gets them right. */
const MIN_WIDTH = 200;

export async function decodeImage(buffer: Buffer): Promise<RgbImage> {
  try {
    // failOn 'warning' makes a truncated JPEG an error instead of a half-grey picture.
    const { data, info } = await sharp(buffer, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    if (info.width < MIN_WIDTH) throw new OcrImageError(`The image is too small to read (${info.width} px wide).`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof OcrImageError) throw error;
    throw new OcrImageError('The file is not a readable image.', { cause: error });
  }
}
