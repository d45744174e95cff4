import crypto from 'node:crypto';

/** A new id: 24 hex digits (96 random bits), the shape the old site's ids had. */
export function newId(): string {
  return crypto.randomBytes(12).toString('hex');
}

let lastStamp = 0;

/**
 * The moment as an ISO string. Without a given moment the stamps this process hands out never
 * repeat: two writes in one millisecond (a comment posted twice in quick succession) would otherwise
 * tie, and the random ids that break the tie would list them out of the order they were made.
 */
export function nowIso(now?: Date): string {
  if (now) return now.toISOString();
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}
