import { deckSchema, type Deck } from '../../common/api/decks';

/** Decks kept at most; the oldest entry goes first. */
const MAX_ENTRIES = 2000;
/**
 * How long an entry lives. Writes through this process evict at once; the limit bounds how stale
 * another instance's copy can be when several share one PostgreSQL.
 */
const TTL_MS = 5_000;

/**
 * The serialised answers of GET /api/decks/onedeck/{id}. A deck that goes viral on Discord is read
 * thousands of times between two votes: this serves it without six queries and a serialisation
 * each time. Entries are validated against the deck schema once, when they are made.
 */
export class DeckCache {
  private entries = new Map<string, { json: string; expires: number }>();
  /**
   * Bumped by every eviction: a read that began before a write must not store what it read after
   * the write evicted the deck (it would serve the old deck until the TTL ran out).
   */
  private generation = 0;

  /** `load` reads a deck from the database (findDeck); tests pass their own to order events. */
  constructor(private readonly load: (id: string) => Promise<Deck | undefined>) {}

  /** The deck as JSON, or undefined when there is no such deck. */
  async getJson(id: string, now = Date.now()): Promise<string | undefined> {
    const hit = this.entries.get(id);
    if (hit && hit.expires > now) return hit.json;
    const generation = this.generation;
    const deck = await this.load(id);
    if (!deck) return undefined;
    const json = JSON.stringify(deckSchema.parse(deck));
    if (generation !== this.generation) return json;
    this.entries.delete(id);
    this.entries.set(id, { json, expires: now + TTL_MS });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return json;
  }

  evict(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }
}
