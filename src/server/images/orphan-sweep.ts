import type { Db } from '../db/connect';
import { readingImageKeys } from '../readings/reading-store';
import { proposalImageKeys } from '../cards/card-proposals';
import { imageKeyOfUrl, type ImageStore } from './image-store';

/**
 * How old an image or an unfinished write in a shared store must be before the sweep may remove
 * it. Other instances keep writing while one starts: an image saved a moment ago may be waiting for
 * its deck's insert, which takes milliseconds; an hour leaves no doubt.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** Later than any date: the sweep of a store no other instance writes to spares nothing. */
const END_OF_TIME = new Date(8.64e15);

/**
 * Removes what a crash leaves in the image store, at start-up before the server listens: writes
 * interrupted when a process died (the folder's temporary files), and stored images that no deck
 * points at (a crash between saving an image and committing its deck, or between deleting a deck
 * and its image), except those a screenshot reading or a proposed card's examples hold. In a store other instances share, only what is older than ORPHAN_MIN_AGE_MS.
 * Returns how many images it removed.
 */
export async function sweepOrphanImages(db: Db, images: ImageStore, now = new Date()): Promise<number> {
  const cutoff = images.isShared ? new Date(now.getTime() - ORPHAN_MIN_AGE_MS) : END_OF_TIME;
  await images.removeUnfinishedWrites(cutoff);
  const old = (await images.list()).filter((entry) => entry.storedAt < cutoff);
  if (old.length === 0) return 0;
  const used = new Set((await db.selectFrom('decks').select('image').execute()).map((r) => imageKeyOfUrl(r.image)));
  // A reading's image waits for its publish; sweepUnpublishedReadings removes it if none comes.
  const held = await readingImageKeys(db);
  // A proposed card's example tiles are kept for the moderators.
  const examples = await proposalImageKeys(db);
  const orphans = old.filter((entry) => !used.has(entry.key) && !held.has(entry.key) && !examples.has(entry.key));
  await Promise.all(orphans.map((entry) => images.delete(entry.key)));
  return orphans.length;
}
