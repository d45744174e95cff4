// The embedded default: deck images as files under DATA_DIR/uploads, originals at the top and
// resized copies in w_{width}/. One process (or several on one machine) can share the folder.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ALLOWED_WIDTHS, encodeOriginal, isImageKey, newImageKey, resizeOriginal, resizedKey } from './image-keys';
import { InFlight } from './in-flight';
import type { ImageBody, ImageStore, StoredImageEntry } from './image-store';

/** Files being written are named so, beside their final path; a crash can leave one behind. */
const TEMP_SUFFIX = '.tmp';

/**
 * A temporary name beside `target`, unique to this write: two writers of the same file (two
 * requests, or two processes on one folder) never write into or rename each other's file.
 */
function tempPathFor(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
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

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Deck images under DATA_DIR/uploads. */
export class FolderImageStore implements ImageStore {
  /** One instance per DATA_DIR: at its start nothing else writes here, so the sweep may clear everything. */
  readonly isShared = false;
  readonly root: string;
  /** Resized copies being made, by target path. */
  private readonly resizing = new InFlight<string>();

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  async save(input: Buffer): Promise<string> {
    const key = newImageKey();
    const webp = await encodeOriginal(input);
    await fs.mkdir(this.root, { recursive: true });
    await writeAtomically(path.join(this.root, key), (tmp) => fs.writeFile(tmp, webp));
    return key;
  }

  /** A local folder has no server to be down: it is created on the first save. */
  async ping(): Promise<void> {}

  pathOf(key: string): string {
    if (!isImageKey(key)) throw new Error('invalid image key');
    return path.join(this.root, key);
  }

  original(key: string): Promise<ImageBody | null> {
    return isImageKey(key) ? openFile(this.pathOf(key)) : Promise.resolve(null);
  }

  async resized(key: string, width: number): Promise<ImageBody | null> {
    if (!isImageKey(key) || !(await exists(this.pathOf(key)))) return null;
    const target = path.join(this.root, resizedKey(key, width));
    if (this.resizing.has(target) || !(await exists(target))) {
      // Joins the copy in flight, if another request started it meanwhile.
      await this.resizing.run(target, () => this.makeResized(key, width, target));
    }
    return openFile(target);
  }

  private async makeResized(key: string, width: number, target: string): Promise<string> {
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Streamed to the file as sharp produces it, rather than held whole in memory first.
    await writeAtomically(target, (tmp) => pipeline(resizeOriginal(this.pathOf(key), width), createWriteStream(tmp)));
    return target;
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    await fs.rm(path.join(this.root, key), { force: true });
    await Promise.all(ALLOWED_WIDTHS.map((w) => fs.rm(path.join(this.root, resizedKey(key, w)), { force: true })));
  }

  /**
   * Removes the temporary files of writes started before `startedBefore`: what a process killed
   * while writing leaves behind. A younger one may belong to a write still going on.
   */
  async removeUnfinishedWrites(startedBefore: Date): Promise<number> {
    const dirs = [this.root, ...ALLOWED_WIDTHS.map((w) => path.join(this.root, `w_${w}`))];
    const temps = (
      await Promise.all(
        dirs.map(async (dir) =>
          (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(TEMP_SUFFIX)).map((f) => path.join(dir, f)),
        ),
      )
    ).flat();
    const stale = await Promise.all(
      temps.map(async (file) => ((await modifiedAt(file)) < startedBefore ? file : null)),
    );
    const removed = stale.filter((file): file is string => file !== null);
    await Promise.all(removed.map((file) => fs.rm(file, { force: true })));
    return removed.length;
  }

  async list(): Promise<StoredImageEntry[]> {
    const keys = (await fs.readdir(this.root).catch(() => [])).filter(isImageKey);
    const entries = await Promise.all(
      keys.map(async (key) => ({ key, storedAt: await modifiedAt(path.join(this.root, key)) })),
    );
    // A file deleted between the listing and its stat is no longer stored.
    return entries.filter((entry) => !Number.isNaN(entry.storedAt.getTime()));
  }

  async close(): Promise<void> {}
}

/** A stream of the file, or null when it does not exist. Opened first, so a missing file is a null here, not an error mid-answer. */
async function openFile(file: string): Promise<ImageBody | null> {
  try {
    const handle = await fs.open(file);
    return handle.createReadStream();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
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

/** The file's modification time; an invalid date when it is gone. */
async function modifiedAt(file: string): Promise<Date> {
  try {
    return (await fs.stat(file)).mtime;
  } catch (error) {
    if (isMissing(error)) return new Date(NaN);
    throw error;
  }
}
