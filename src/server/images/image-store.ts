import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { newId } from '../db/ids';
import { MAX_IMAGE_PIXELS } from '../../common/api/uploads';

/** Stored image keys: our own ids plus the format, so a key can never name a path. */
const KEY_PATTERN = /^[0-9a-f]{24}\.webp$/;
/** Resized copies are made only for these widths, so nobody can fill the disk with variants. */
export const ALLOWED_WIDTHS = [100, 200, 300, 400, 600, 800, 1200] as const;

export function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Deck images under DATA_DIR/uploads, served as `/upload/{key}` and `/upload/w_{width}/{key}`. */
export class ImageStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  /** Re-encodes the image as WebP (which drops all metadata) and stores it; returns its key. */
  async save(input: Buffer): Promise<string> {
    const key = `${newId()}.webp`;
    const webp = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().webp({ quality: 82 }).toBuffer();
    await fs.mkdir(this.root, { recursive: true });
    // Write then rename, so a crash never leaves a half-written file under a real key.
    const tmp = path.join(this.root, `.${key}.tmp`);
    await fs.writeFile(tmp, webp);
    await fs.rename(tmp, path.join(this.root, key));
    return key;
  }

  urlOf(key: string): string {
    return `/upload/${key}`;
  }

  keyOfUrl(url: string): string | null {
    const key = url.split('/').pop() ?? '';
    return isImageKey(key) ? key : null;
  }

  pathOf(key: string): string {
    if (!isImageKey(key)) throw new Error('invalid image key');
    return path.join(this.root, key);
  }

  /** The resized copy, made on first request and kept. */
  async resized(key: string, width: number): Promise<string> {
    const target = path.join(this.root, `w_${width}`, key);
    try {
      await fs.access(target);
      return target;
    } catch {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await sharp(this.pathOf(key)).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(tmp);
      await fs.rename(tmp, target);
      return target;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    await fs.rm(path.join(this.root, key), { force: true });
    await Promise.all(ALLOWED_WIDTHS.map((w) => fs.rm(path.join(this.root, `w_${w}`, key), { force: true })));
  }

  /** Every stored original's key (for the start-up sweep of orphans). */
  async list(): Promise<string[]> {
    try {
      return (await fs.readdir(this.root)).filter(isImageKey);
    } catch {
      return [];
    }
  }
}
