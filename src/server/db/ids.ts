import crypto from 'node:crypto';

/** A new id: 24 hex digits (96 random bits), the shape the old site's ids had. */
export function newId(): string {
  return crypto.randomBytes(12).toString('hex');
}

export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
