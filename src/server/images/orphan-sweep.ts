import type { Db } from '../db/connect';
import type { ImageStore } from './image-store';

/**
 * Removes what a crash leaves in the image folder, at start-up before the server listens: files
 * half-written when the process died (their temporary files), and stored images that no deck
 * points at (a crash between saving a file and committing its deck, or between deleting a deck
 * and its file). Returns how many images it removed.
 */
export async function sweepOrphanImages(db: Db, images: ImageStore): Promise<number> {
  await images.removeTempFiles();
  const keys = await images.list();
  if (keys.length === 0) return 0;
  const used = new Set((await db.selectFrom('decks').select('image').execute()).map((r) => images.keyOfUrl(r.image)));
  const orphans = keys.filter((key) => !used.has(key));
  await Promise.all(orphans.map((key) => images.delete(key)));
  return orphans.length;
}
