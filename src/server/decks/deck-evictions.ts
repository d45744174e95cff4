// How a deck write reaches the deck answers kept in memory (deck-reads.ts). One instance evicts its
// own copy; several instances behind a load balancer (REDIS_URL set) also tell each other through a
// Redis channel, so a vote or a deletion shows on every instance at once, not after the 5 s expiry.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { DeckReads } from './deck-reads';

/**
 * What one write changed: `deck`, one deck (a vote, an edit, a deletion); `pages`, the set of decks
 * (a deck published, edited or deleted), so every kept search page goes. One write, one message.
 */
export interface Eviction {
  deck?: string;
  pages?: boolean;
}

export interface DeckEvictions {
  evict(eviction: Eviction): Promise<void>;
  /**
   * Resolves once every eviction another instance published before this call has been applied
   * here. A kept answer is served only after it: the writer's answer can reach the player before
   * this process has read the message off its socket, and the player's next read must not beat it.
   * Undefined when there is nothing to wait for (one instance).
   */
  caughtUp(): Promise<void> | undefined;
  close(): Promise<void>;
}

const CHANNEL = 'deckhub:deck-evictions';
/**
 * How long a read waits for Redis to confirm it has caught up. Beyond it (Redis slow or away) the
 * read goes on: what it serves is then at most one expiry old, as when a message is lost.
 */
const CATCH_UP_WAIT_MS = 100;

function evictLocally(reads: DeckReads, eviction: Eviction): void {
  if (eviction.deck) reads.evictDeck(eviction.deck);
  if (eviction.pages) reads.evictPages();
}

/** This process's copy only. */
export function localDeckEvictions(reads: DeckReads): DeckEvictions {
  return {
    evict: async (eviction) => evictLocally(reads, eviction),
    caughtUp: () => undefined,
    close: async () => {},
  };
}

/**
 * This process's copy at once, then every other instance through Redis pub/sub. The write awaits the
 * PUBLISH: by the time the writer answers, Redis has handed the message to every subscriber. A lost
 * Redis connection is logged, never fails the write: the other instances then catch up within the
 * expiry of what they keep. A read first catches up with the channel (`caughtUp`).
 */
export async function sharedDeckEvictions(
  reads: DeckReads,
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<DeckEvictions> {
  const instance = randomUUID();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl);
  for (const connection of [publisher, subscriber])
    connection.on('error', (err) => log.warn({ err }, 'deck eviction channel: Redis error'));
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { from, ...eviction } = JSON.parse(message) as Eviction & { from: string };
      if (from !== instance) evictLocally(reads, eviction);
    } catch (err) {
      log.warn({ err }, 'deck eviction channel: unreadable message');
    }
  });
  await subscriber.subscribe(CHANNEL);

  const broadcast = async (eviction: Eviction) => {
    evictLocally(reads, eviction);
    await publisher.publish(CHANNEL, JSON.stringify({ from: instance, ...eviction })).catch((err: unknown) => {
      log.warn({ err }, 'deck eviction channel: could not tell the other instances');
    });
  };
  return {
    evict: broadcast,
    caughtUp: caughtUpThrough(subscriber),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/**
 * A PING on the subscribing connection: Redis answers it after every message it queued on that
 * connection before, and the client hands those out in order, so when the PONG comes every eviction
 * published before the read began has been applied. Reads that come before the PING is sent (in the
 * same turn of the event loop) share it, so a burst of reads costs one round trip; a read that comes
 * after it was sent waits for a PING of its own, sent after the read began.
 */
function caughtUpThrough(subscriber: Redis): () => Promise<void> {
  let next: Promise<void> | undefined;
  return () => {
    next ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        next = undefined;
        const timer = setTimeout(resolve, CATCH_UP_WAIT_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        subscriber.ping().then(done, done);
      });
    });
    return next;
  };
}
