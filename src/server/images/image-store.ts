// Deck images live behind one interface with two backends: a folder under DATA_DIR (the default, so
// `npm start` needs nothing but Node) and an S3-compatible bucket (S3_BUCKET), which several
// instances of the site can share. The routes, the deck writes and the orphan sweep only see this.
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { FolderImageStore } from './folder-image-store';
import { S3ImageStore } from './s3-image-store';
import { isImageKey } from './image-keys';

export { ALLOWED_WIDTHS, isImageKey } from './image-keys';

/** An image's bytes as the store hands them out: a stream from the folder or bucket, or bytes already in memory. */
export type ImageBody = Readable | Buffer;

export interface StoredImageEntry {
  key: string;
  /** When the original was written: the sweep leaves young images alone, as their deck may be on its way. */
  storedAt: Date;
}

export interface ImageStore {
  /**
   * Whether other instances may be writing to this store right now (a bucket several instances
   * share), so that the orphan sweep must spare what is young. The folder serves one instance.
   */
  readonly isShared: boolean;
  /** Re-encodes the image as WebP (which drops all metadata) and stores it; returns its key. */
  save(input: Buffer): Promise<string>;
  /** The original, or null when no image has this key. */
  original(key: string): Promise<ImageBody | null>;
  /**
   * The copy at one of ALLOWED_WIDTHS, made on first request and kept; null when the original is
   * missing. Concurrent first requests for one copy share one resize.
   */
  resized(key: string, width: number): Promise<ImageBody | null>;
  /** Removes the original and every resized copy; a missing image is no error. */
  delete(key: string): Promise<void>;
  /** Every stored original (for the orphan sweep). */
  list(): Promise<StoredImageEntry[]>;
  /** Removes what writes interrupted before `startedBefore` left behind; returns how many things it removed. */
  removeUnfinishedWrites(startedBefore: Date): Promise<number>;
  /** Resolves when the store answers (the bucket exists and takes our keys); for the readiness check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The URL a deck stores for its image; the key is the URL's last segment. */
export function imageUrlOf(key: string): string {
  return `/upload/${key}`;
}

export function imageKeyOfUrl(url: string): string | null {
  const key = url.split('/').pop() ?? '';
  return isImageKey(key) ? key : null;
}

/** The configured store: the bucket when S3 is set up (checked reachable here, so a wrong setting stops the start), the folder otherwise. */
export async function openImageStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<ImageStore> {
  return config.s3 ? S3ImageStore.open(config.s3) : new FolderImageStore(config.dataDir);
}
