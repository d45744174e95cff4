// Decides whether an upload is an image we accept, from its bytes alone: the file name and the
// client's content type are the sender's claims, not facts.
import sharp, { type Metadata } from 'sharp';
import { HttpError, badRequest } from '../http/errors';
import { MESSAGES } from '../../common/messages';

export type AcceptedFormat = 'png' | 'jpeg' | 'webp';

export interface ImageInfo {
  bytes: Buffer;
  format: AcceptedFormat;
  width: number;
  height: number;
}

/**
 * Decompression-bomb guard: a 50 KB PNG can claim 20000×20000 pixels (1.2 GB decoded). 40 MP is
 * far above any phone or tablet screenshot (a 4K screen is 8.3 MP).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const invalid = (reason: string) => badRequest(`${MESSAGES.upload.invalidImage} ${reason}`);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format named by the file's first bytes, or null for anything else (GIF, text, ...). */
function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Accepts a still PNG, JPEG or WebP image of at most 40 MP that decodes completely; throws a 4xx
 * `HttpError` saying what is wrong otherwise. Decoding the whole file (at a tiny output size, so
 * it costs a few ms) is the only way to catch a truncated or corrupt body behind a valid header.
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
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, `The image is too large: ${width}×${height} pixels, at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
  }
  if ((metadata.pages ?? 1) > 1) throw invalid('Animated images are not accepted.');

  try {
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw invalid('The file is damaged or incomplete.');
  }
  return { bytes, format, width, height };
}
