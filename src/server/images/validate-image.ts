// Decides whether an upload is an image we accept, from its bytes alone: the file name and the
// client's content type are the sender's claims, not facts.
import sharp, { type Metadata } from 'sharp';
import { HttpError, badRequest } from '../http/errors';
import { MESSAGES } from '../../common/messages';
import { MAX_IMAGE_ASPECT_RATIO, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, WEBP_MAX_SIDE } from '../../common/api/uploads';

export { MAX_IMAGE_PIXELS };

export type AcceptedFormat = 'png' | 'jpeg' | 'webp';

export interface ImageInfo {
  bytes: Buffer;
  format: AcceptedFormat;
  width: number;
  height: number;
}

/** Every side must fit both our cap and WebP, which the stored copy is written in. */
const MAX_SIDE = Math.min(MAX_IMAGE_SIDE, WEBP_MAX_SIDE);

const invalid = (reason: string) => badRequest(`${MESSAGES.upload.invalidImage} ${reason}`);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format named by the file's first bytes, or null for anything else (GIF, text, ...). */
function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * The size and shape a deck screenshot can have, judged from the header alone: a file claiming
 * 1400×28500 pixels is refused before a single pixel of it is decoded.
 */
function checkDimensions(width: number, height: number): void {
  const size = `${width}×${height} pixels`;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, `The image is too large: ${size}, at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
  }
  if (Math.max(width, height) > MAX_IMAGE_ASPECT_RATIO * Math.min(width, height)) {
    throw badRequest(
      `${MESSAGES.upload.imageTooElongated} It is ${size}; its longer side can be at most ${MAX_IMAGE_ASPECT_RATIO} times its shorter side.`,
    );
  }
  if (Math.max(width, height) > MAX_SIDE) {
    throw new HttpError(
      413,
      `${MESSAGES.upload.imageTooLarge} It is ${size}; each side can be at most ${MAX_SIDE} pixels.`,
    );
  }
}

/**
 * Accepts a still PNG, JPEG or WebP image of a screenshot's size and shape that decodes
 * completely; throws a 4xx `HttpError` saying what is wrong otherwise. Decoding the whole file (at
 * a tiny output size, so it costs a few ms) is the only way to catch a truncated or corrupt body
 * behind a valid header.
 */
export async function validateImage(bytes: Buffer | null): Promise<ImageInfo> {
  if (!bytes) throw badRequest(MESSAGES.upload.imageRequired);
  if (bytes.length === 0) throw invalid('The file is empty.');
  const format = sniffFormat(bytes);
  if (!format) throw invalid('Only PNG, JPEG and WebP images are accepted.');

  let metadata: Metadata;
  try {
    // Reads the header only: the size is known before a single pixel is decoded.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid('The file could not be read as an image.');
  }
  const { width, height } = metadata;
  if (!width || !height) throw invalid('The image has no size.');
  checkDimensions(width, height);
  if ((metadata.pages ?? 1) > 1) throw invalid('Animated images are not accepted.');

  try {
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw invalid('The file is damaged or incomplete.');
  }
  return { bytes, format, width, height };
}
