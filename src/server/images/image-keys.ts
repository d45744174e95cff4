// What every image backend agrees on: how a stored image is named, which resized widths exist, and
// how an upload becomes the stored WebP and a resized copy.
import sharp from 'sharp';
import { newId } from '../db/ids';
import { MAX_IMAGE_PIXELS } from '../../common/api/uploads';

/** Stored image keys: our own ids plus the format, so a key can never name a path. */
const KEY_PATTERN = /^[0-9a-f]{24}\.webp$/;
/** Resized copies are made only for these widths, so nobody can fill the store with variants. */
export const ALLOWED_WIDTHS = [100, 200, 300, 400, 600, 800, 1200] as const;

export function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newImageKey(): string {
  return `${newId()}.webp`;
}

/** Where the resized copy of `key` at `width` lives, relative to the store's root (folder or bucket). */
export function resizedKey(key: string, width: number): string {
  return `w_${width}/${key}`;
}

/** Re-encodes an upload as WebP, which also drops all its metadata (camera, GPS). */
export function encodeOriginal(input: Buffer): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().webp({ quality: 82 }).toBuffer();
}

/** A sharp pipeline that turns the stored original (a file path or its bytes) into the copy at `width`, never enlarged. */
export function resizeOriginal(original: string | Buffer, width: number): ReturnType<typeof sharp> {
  return sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 80 });
}
