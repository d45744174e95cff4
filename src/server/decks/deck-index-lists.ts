// The lists the deck search index (deck-search-index.ts) keeps its decks in: names as numbers, the
// decks holding each number (postings), each deck's own numbers, and growable typed arrays.
import { MIN_PREFIX_LENGTH } from './deck-text-search';

/** Names given numbers in the order first seen: a card or a word is an integer in the arrays. */
export class Numbering {
  private numbers = new Map<string, number>();
  readonly names: string[] = [];
  numberOf(name: string): number {
    let n = this.numbers.get(name);
    if (n === undefined) {
      n = this.names.length;
      this.numbers.set(name, n);
      this.names.push(name);
    }
    return n;
  }
  find(name: string): number | undefined {
    return this.numbers.get(name);
  }
  get size(): number {
    return this.names.length;
  }
}

/** The words of the decks' search text, found also by their beginning (the last word of a search). */
export class Vocabulary extends Numbering {
  /** The numbers of the words by their first MIN_PREFIX_LENGTH letters: a begun word looks in one bucket. */
  private buckets = new Map<string, number[]>();
  override numberOf(word: string): number {
    const isNew = this.find(word) === undefined;
    const n = super.numberOf(word);
    if (isNew) {
      const key = word.slice(0, MIN_PREFIX_LENGTH);
      const bucket = this.buckets.get(key) ?? [];
      bucket.push(n);
      this.buckets.set(key, bucket);
    }
    return n;
  }
  /** The numbers of the words beginning with `start` (at least MIN_PREFIX_LENGTH letters). */
  begunWith(start: string): number[] {
    return (this.buckets.get(start.slice(0, MIN_PREFIX_LENGTH)) ?? []).filter((n) => this.names[n].startsWith(start));
  }
}

/** For each card or word number, the slots of the decks holding it, in no order. */
class Postings {
  private lists: number[][] = [];
  add(n: number, slot: number): void {
    (this.lists[n] ??= []).push(slot);
  }
  remove(n: number, slot: number): void {
    const slots = this.lists[n];
    slots.splice(slots.lastIndexOf(slot), 1);
  }
  of(n: number): number[] {
    return this.lists[n] ?? [];
  }
}

/**
 * Each slot's list of numbers (cards, words) in one shared array: a slot's new list goes at the end
 * and its old place becomes garbage, reclaimed when garbage is half of the array.
 */
class NumberLists {
  private pool = new Int32Array(1024);
  private start = new Int32Array(0);
  private length = new Int32Array(0);
  private used = 0;
  private garbage = 0;

  grow(slots: number): void {
    if (slots <= this.start.length) return;
    this.start = grown(this.start, slots);
    this.length = grown(this.length, slots);
  }

  set(slot: number, values: ArrayLike<number>): void {
    this.garbage += this.length[slot];
    if (this.used + values.length > this.pool.length) this.makeRoom(values.length);
    this.pool.set(values, this.used);
    this.start[slot] = this.used;
    this.length[slot] = values.length;
    this.used += values.length;
  }

  clear(slot: number): void {
    this.garbage += this.length[slot];
    this.length[slot] = 0;
  }

  get(slot: number): Int32Array {
    return this.pool.subarray(this.start[slot], this.start[slot] + this.length[slot]);
  }

  /** Compacts the live lists when half is garbage, then grows the pool if it is still too small. */
  private makeRoom(needed: number): void {
    const live = this.used - this.garbage;
    const size = Math.max(1024, 2 ** Math.ceil(Math.log2((live + needed) * 2)));
    const pool = new Int32Array(this.garbage * 2 > this.used ? Math.max(size, this.pool.length) : size);
    let at = 0;
    for (let slot = 0; slot < this.start.length; slot++) {
      const n = this.length[slot];
      if (n === 0) continue;
      pool.set(this.pool.subarray(this.start[slot], this.start[slot] + n), at);
      this.start[slot] = at;
      at += n;
    }
    this.pool = pool;
    this.used = at;
    this.garbage = 0;
  }
}

export function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, atLeast: number): T {
  const next = new (array.constructor as new (n: number) => T)(Math.max(atLeast, array.length * 2, 1024));
  next.set(array);
  return next;
}

/** Values the decks hold (cards, card codes, words): each value's number, each deck's numbers, and the decks holding each value. */
export class DeckValues<N extends Numbering = Numbering> {
  private lists = new NumberLists();
  private postings = new Postings();

  constructor(readonly numbers: N) {}

  grow(slots: number): void {
    this.lists.grow(slots);
  }

  /** Sets the deck's values (each once). */
  put(slot: number, names: string[]): void {
    const numbers = [...new Set(names)].map((name) => this.numbers.numberOf(name));
    this.lists.set(slot, numbers);
    for (const n of numbers) this.postings.add(n, slot);
  }

  remove(slot: number): void {
    for (const n of this.lists.get(slot)) this.postings.remove(n, slot);
    this.lists.clear(slot);
  }

  /** The slots of the decks holding the value; undefined for a value no deck ever held. */
  decksWith(name: string): number[] | undefined {
    const n = this.numbers.find(name);
    return n === undefined ? undefined : this.postings.of(n);
  }

  decksWithNumber(n: number): number[] {
    return this.postings.of(n);
  }
}
