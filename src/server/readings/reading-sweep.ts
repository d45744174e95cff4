import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { ImageStore } from '../images/image-store';
import { sweepUnpublishedReadings } from './reading-store';

/** Hourly: an unpublished reading outlives its day by an hour at most. */
export const READING_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs sweepUnpublishedReadings now and then every `intervalMs` while the server runs; returns
 * the stop. A failed sweep (database away) is logged and retried at the next tick.
 */
export function startReadingSweep(
  db: Db,
  images: ImageStore,
  log: FastifyBaseLogger,
  intervalMs = READING_SWEEP_INTERVAL_MS,
  clock: () => Date = () => new Date(),
): () => void {
  const sweep = () =>
    sweepUnpublishedReadings(db, images, clock()).then(
      (removed) => {
        if (removed > 0) log.info(`removed ${removed} screenshot readings never published, with their images`);
      },
      (error: unknown) => log.warn({ err: error }, 'the sweep of unpublished readings failed'),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  // The sweep alone must not keep a process alive.
  timer.unref();
  return () => clearInterval(timer);
}
