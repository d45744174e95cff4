// Screenshot readings kept from upload to publish (issue #36): the upload stores the image once
// and the reading beside it; publishing from the reading reuses that image and records what the
// player published; a reading never published is swept with its image after READING_KEEP_MS.
import type { CardCandidate, DetectedCard } from '../../common/api/uploads';
import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import type { ImageStore } from '../images/image-store';
import type { CardRef, ReadingOutcome } from './reading-outcome';

/** How long an unpublished reading (and its image) waits for its publish: a player's evening, with room. */
export const READING_KEEP_MS = 24 * 60 * 60 * 1000;

export type ReadingPath = 'grid' | 'text';

export interface NewReading {
  userId: string;
  imageKey: string;
  tiles: DetectedCard[];
  deckCode: string | null;
  path: ReadingPath;
  readMs: number;
}

export interface StoredReading extends NewReading {
  id: string;
  createdAt: string;
  publishedAt: string | null;
}

export async function saveReading(db: Db, reading: NewReading, now = new Date()): Promise<string> {
  const id = newId();
  await db
    .insertInto('readings')
    .values({
      id,
      user_id: reading.userId,
      image_key: reading.imageKey,
      tiles: JSON.stringify(reading.tiles),
      deck_code: reading.deckCode,
      path: reading.path,
      read_ms: Math.round(reading.readMs),
      created_at: nowIso(now),
      deck_id: null,
      published_at: null,
      outcome: null,
    })
    .execute();
  return id;
}

/** What the reader made of an uploaded screenshot, as the upload route has it. */
export interface ReaderAnswer {
  deck_code: string | null;
  cards: DetectedCard[];
  path: ReadingPath | 'none';
}

/** A card option as the upload answer gives it: the catalog's other fields are not the reading's. */
const candidate = ({ code, name, confidence }: CardCandidate): CardCandidate => ({ code, name, confidence });

/**
 * Keeps an upload's reading: stores the (validated) image and the reading beside it, and returns
 * the reading's id for the upload answer, so that publishing reuses the image instead of a second
 * upload. A reading that read nothing at all (path 'none': too small, or the reader failed) keeps
 * nothing and returns null: there is no reading to publish from nor to learn from.
 */
export async function keepReading(
  db: Db,
  images: ImageStore,
  upload: { userId: string; image: Buffer; readMs: number },
  answer: ReaderAnswer,
): Promise<string | null> {
  if (answer.path === 'none') return null;
  const imageKey = await images.save(upload.image);
  try {
    return await saveReading(db, {
      userId: upload.userId,
      imageKey,
      tiles: answer.cards.map((card) => ({
        ...candidate(card),
        alternatives: card.alternatives.map(candidate),
      })),
      deckCode: answer.deck_code,
      path: answer.path,
      readMs: upload.readMs,
    });
  } catch (error) {
    // No reading holds it: the image would wait for the orphan sweep of the next start.
    await images.delete(imageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The reading `userId` may publish from: theirs and not yet published. Null otherwise, so that
 * nobody publishes another player's screenshot by guessing its id, nor one reading twice.
 */
export async function publishableReading(db: Db, id: string, userId: string): Promise<StoredReading | null> {
  const row = await db
    .selectFrom('readings')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    imageKey: row.image_key,
    tiles: JSON.parse(row.tiles) as DetectedCard[],
    deckCode: row.deck_code,
    path: row.path as ReadingPath,
    readMs: row.read_ms,
    createdAt: row.created_at,
    publishedAt: row.published_at,
  };
}

/** Stores what was published from the reading; false when it was published already (or is gone). */
export async function recordPublishOutcome(
  db: Db,
  id: string,
  deckId: string,
  outcome: ReadingOutcome,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('readings')
    .set({ deck_id: deckId, published_at: nowIso(now), outcome: JSON.stringify(outcome) })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The images readings hold: the orphan sweep must leave them to their reading. */
export async function readingImageKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('readings').select('image_key').execute();
  return new Set(rows.map((r) => r.image_key));
}

/**
 * Removes the readings older than READING_KEEP_MS that were never published, and their images
 * (a published reading's image is its deck's). Returns how many readings it removed.
 */
export async function sweepUnpublishedReadings(db: Db, images: ImageStore, now = new Date()): Promise<number> {
  const cutoff = nowIso(new Date(now.getTime() - READING_KEEP_MS));
  const stale = await db
    .selectFrom('readings')
    .select('id')
    .where('published_at', 'is', null)
    .where('created_at', '<', cutoff)
    .execute();
  if (stale.length === 0) return 0;
  // Only the rows this delete removed give up their image: one published meanwhile keeps it for its deck.
  const removed = await db
    .deleteFrom('readings')
    .where(
      'id',
      'in',
      stale.map((r) => r.id),
    )
    .where('published_at', 'is', null)
    .returning('image_key')
    .execute();
  await Promise.all(removed.map((r) => images.delete(r.image_key)));
  return removed.length;
}

/** A published reading as the evaluation needs it: its image and what its player published. */
export interface PublishedReading {
  id: string;
  deckId: string | null;
  imageKey: string;
  published: { cards: CardRef[]; deckCode: string };
}

/**
 * The readings a deck was published from, newest first (at most `limit`): every one is a real
 * upload with the answer its player checked. The published cards come from the outcome (kept,
 * changed to, added), so a deck edited or deleted since still scores what was published then.
 */
export async function publishedReadings(db: Db, limit?: number): Promise<PublishedReading[]> {
  let query = db
    .selectFrom('readings')
    .select(['id', 'deck_id', 'image_key', 'outcome'])
    .where('outcome', 'is not', null)
    .orderBy('published_at', 'desc')
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => {
    const outcome = JSON.parse(row.outcome!) as ReadingOutcome;
    return {
      id: row.id,
      deckId: row.deck_id,
      imageKey: row.image_key,
      published: {
        cards: [...outcome.kept, ...outcome.changed.map((c) => c.published), ...outcome.added],
        deckCode: outcome.deckCode.published,
      },
    };
  });
}
