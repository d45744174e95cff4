import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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

/** Files being written are named so, beside their final path; a crash can leave one behind. */
const TEMP_SUFFIX = '.tmp';

/**
 * A temporary name beside `target`, unique to this write: two writers of the same file (two
 * requests, or two processes on one folder) never write into or rename each other's file.
 */
function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
}

/** Writes through a temporary file and a rename, so the target is either absent or whole, never half-written. */
async function writeAtomically(target: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
  const tmp = tempPathFor(target);
  try {
    await write(tmp);
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** Deck images under DATA_DIR/uploads, served as `/upload/{key}` and `/upload/w_{width}/{key}`. */
export class ImageStore {
  readonly root: string;
  /** Resized copies being made, by target path: concurrent first requests share the one in flight. */
  private readonly resizing = new Map<string, Promise<string>>();

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  /** Re-encodes the image as WebP (which drops all metadata) and stores it; returns its key. */
  async save(input: Buffer): Promise<string> {
    const key = `${newId()}.webp`;
    const webp = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().webp({ quality: 82 }).toBuffer();
    await fs.mkdir(this.root, { recursive: true });
    await writeAtomically(path.join(this.root, key), (tmp) => fs.writeFile(tmp, webp));
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
    if (!this.resizing.has(target) && (await exists(target))) return target;
    // Checked again after the await: another request may have started the same copy meanwhile.
    let making = this.resizing.get(target);
    if (!making) {
      making = this.makeResized(key, width, target).finally(() => this.resizing.delete(target));
      this.resizing.set(target, making);
    }
    return making;
  }

  private async makeResized(key: string, width: number, target: string): Promise<string> {
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Streamed to the file as sharp produces it, rather than held whole in memory first.
    const resize = () => sharp(this.pathOf(key)).resize({ width, withoutEnlargement: true }).webp({ quality: 80 });
    await writeAtomically(target, (tmp) => pipeline(resize(), createWriteStream(tmp)));
    return target;
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    await fs.rm(path.join(this.root, key), { force: true });
    await Promise.all(ALLOWED_WIDTHS.map((w) => fs.rm(path.join(this.root, `w_${w}`, key), { force: true })));
  }

  /**
   * Removes every temporary file: what a process killed while writing leaves behind. Only safe
   * while nothing writes, which is why the start-up sweep calls it before the server listens.
   */
  async removeTempFiles(): Promise<number> {
    const dirs = [this.root, ...ALLOWED_WIDTHS.map((w) => path.join(this.root, `w_${w}`))];
    const temps = (await Promise.all(dirs.map(async (dir) => (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(TEMP_SUFFIX)).map((f) => path.join(dir, f))))).flat();
    await Promise.all(temps.map((file) => fs.rm(file, { force: true })));
    return temps.length;
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

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
