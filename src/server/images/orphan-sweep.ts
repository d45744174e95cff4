import type { Db } from '../db/connect';
import { imageKeyOfUrl, type ImageStore } from './image-store';

/**
 * How old a stored image or an unfinished write must be before the sweep may remove it. Other
 * instances sharing the store keep writing while one starts: an image saved a moment ago may be
 * waiting for its deck's insert, which takes milliseconds; an hour leaves no doubt.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what a crash leaves in the image store, at start-up: writes interrupted when a process
 * died (the folder's temporary files), and stored images that no deck points at (a crash between
 * saving an image and committing its deck, or between deleting a deck and its image). Only what is
 * older than ORPHAN_MIN_AGE_MS, so it is safe while other instances write. Returns how many images
 * it removed.
 */
export async function sweepOrphanImages(db: Db, images: ImageStore, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_MIN_AGE_MS);
  await images.removeUnfinishedWrites(cutoff);
  const old = (await images.list()).filter((entry) => entry.storedAt < cutoff);
  if (old.length === 0) return 0;
  const used = new Set((await db.selectFrom('decks').select('image').execute()).map((r) => imageKeyOfUrl(r.image)));
  const orphans = old.filter((entry) => !used.has(entry.key));
  await Promise.all(orphans.map((entry) => images.delete(entry.key)));
  return orphans.length;
}
