// The answers of the deck read routes (one deck, a page of a search), kept in memory for a few
// seconds. A deck that goes viral on Discord is read thousands of times between two votes, and the
// home page's three columns are the same three searches for every visitor: this serves them without
// a database round trip each, which is what a PostgreSQL server shared with the OCR workers runs
// out of first under load (measured with `npm run bench:load`). Only what everyone sees is kept
// here: a deck a moderator hid is left out of every load and search (deck-store's default), and
// its author's view of it is read past this cache.
import { deckSchema, type Deck } from '../../common/api/decks';
import type { PageQuery } from '../../common/api/pagination';
import type { DeckFilters } from './deck-store';
import { identifierKey } from '../../common/identifiers';
import { textSearchKey } from './deck-text-search';

export interface DeckSource {
  /** Full decks of the ids, in the same order; unknown ids are left out (deck-store loadDecks). */
  loadDecks(ids: string[]): Promise<Deck[]>;
  /** The ids of the decks matching the filters, in the search's order, `limit` after the first `offset` (deck-store searchDeckIds). */
  searchIds(filters: DeckFilters, window: { offset: number; limit: number }): Promise<string[]>;
  /** How many decks match the filters (deck-store countDecks). */
  count(filters: DeckFilters): Promise<number>;
}

/**
 * A search's ids are read and kept in blocks of this many, and its count once for all pages: a
 * page of any `page` and `limit` within a block is cut from it, so that asking the same search with
 * another `limit` (or the next page) does not run it again (issue 33, H1).
 */
export const SEARCH_BLOCK = 24;

/**
 * How long an entry lives. Writes through this process evict what they change at once; the limit
 * bounds how stale another instance's copy can be when several share one PostgreSQL, and how long
 * a page keeps its order after votes change the scores it was sorted by.
 */
const TTL_MS = 5_000;
/** Entries kept at most; the least recently stored goes first. */
const MAX_DECKS = 5_000;
const MAX_PAGES = 1_000;

interface DeckEntry {
  /** Absent once evicted. */
  json?: string;
  expires: number;
  /** The eviction count when this deck last changed: a load begun before it must not be kept. */
  changedAt: number;
}

interface Kept<T> {
  value: T;
  expires: number;
}

/** A load or search under way: readers that come while it runs wait for it instead of asking again. */
interface InFlight<T> {
  /** The eviction count when it began. */
  began: number;
  answer: Promise<T>;
}

export class DeckReads {
  private decks = new Map<string, DeckEntry>();
  /** Blocks of a search's ids in order: the decks' contents come from the deck entries, so a vote shows at once. */
  private blocks = new Map<string, Kept<string[]>>();
  /** A search's count, for all its pages. */
  private counts = new Map<string, Kept<number>>();
  private loading = new Map<string, InFlight<string | undefined>>();
  private searching = new Map<string, InFlight<string[]>>();
  private counting = new Map<string, InFlight<number>>();
  /** Counts evictions; every load remembers the count it began at. */
  private evictions = 0;
  /** The newest change pushed out of `decks` with its entry: a load begun before it keeps nothing. */
  private forgottenChange = 0;
  /** When the pages were last evicted: a search begun before that keeps no page. */
  private pagesChangedAt = 0;

  /**
   * `caughtUp` resolves once the evictions other instances sent before the read are applied
   * (deck-evictions.ts); every read waits for it before it looks at what is kept. With nothing to
   * wait for (undefined), a read looks at once, in the same turn it was asked.
   */
  constructor(
    private readonly source: DeckSource,
    private readonly caughtUp: () => Promise<void> | undefined = () => undefined,
  ) {}

  /** The deck as JSON, or undefined when there is no such deck. */
  deckJson(id: string, now = Date.now()): Promise<string | undefined> {
    return this.afterCatchingUp(async () => (await this.deckJsons([id], now))[0]);
  }

  /** One page of a search as JSON (a DecksPage). */
  pageJson(filters: DeckFilters, page: PageQuery, now = Date.now()): Promise<string> {
    return this.afterCatchingUp(() => this.searchPageJson(filters, page, now));
  }

  private async searchPageJson(filters: DeckFilters, page: PageQuery, now: number): Promise<string> {
    const key = searchKey(filters);
    const offset = (page.page - 1) * page.limit;
    const first = Math.floor(offset / SEARCH_BLOCK);
    const last = Math.floor((offset + page.limit - 1) / SEARCH_BLOCK);
    const blockNumbers = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    const [blocks, totalDecks] = await Promise.all([
      Promise.all(
        blockNumbers.map((n) =>
          this.shared(this.blocks, this.searching, `${key}#${n}`, now, () =>
            this.source.searchIds(filters, { offset: n * SEARCH_BLOCK, limit: SEARCH_BLOCK }),
          ),
        ),
      ),
      this.shared(this.counts, this.counting, key, now, () => this.source.count(filters)),
    ]);
    const ids = blocks.flat().slice(offset - first * SEARCH_BLOCK, offset - first * SEARCH_BLOCK + page.limit);
    return pageJson(await this.deckJsons(ids, now), totalDecks);
  }

  /** The read, once caught up with the other instances; at once when there is nothing to wait for. */
  private afterCatchingUp<T>(read: () => Promise<T>): Promise<T> {
    const waiting = this.caughtUp();
    return waiting ? waiting.then(read) : read();
  }

  /** The kept answer, or the one under way (unless a write came after it began), or a new one, kept once it comes. */
  private async shared<T>(
    kept: Map<string, Kept<T>>,
    inFlight: Map<string, InFlight<T>>,
    key: string,
    now: number,
    read: () => Promise<T>,
  ): Promise<T> {
    const entry = kept.get(key);
    if (entry && entry.expires > now) return entry.value;
    const pending = inFlight.get(key);
    if (pending && pending.began >= this.pagesChangedAt) return pending.answer;
    const began = this.evictions;
    const answer = read().then((value) => {
      if (began >= this.pagesChangedAt) keepBounded(kept, key, { value, expires: now + TTL_MS }, MAX_PAGES);
      return value;
    });
    return track(inFlight, key, { began, answer });
  }

  /** After a write to a deck (a vote, an edit): its next read loads it again. Pages keep their order. */
  evictDeck(id: string): void {
    this.keepDeckEntry(id, { expires: 0, changedAt: ++this.evictions });
  }

  /** After a write that changes which decks a search finds (a deck published, edited, deleted). */
  evictPages(): void {
    this.blocks.clear();
    this.counts.clear();
    this.pagesChangedAt = ++this.evictions;
  }

  /** The JSON of each of the ids that is a deck, in the same order; those not kept load in one go. */
  private async deckJsons(ids: string[], now: number): Promise<string[]> {
    const answers: (string | Promise<string | undefined>)[] = [];
    const missing: number[] = [];
    ids.forEach((id, i) => {
      const entry = this.decks.get(id);
      const pending = this.loading.get(id);
      if (entry?.json !== undefined && entry.expires > now) answers[i] = entry.json;
      else if (pending && this.unchangedSince(id, pending.began)) answers[i] = pending.answer;
      else missing.push(i);
    });
    if (missing.length > 0) {
      const began = this.evictions;
      const loaded = this.source
        .loadDecks(missing.map((i) => ids[i]))
        .then((decks) => new Map(decks.map((deck) => [deck._id, this.keepDeck(deck, began, now)])));
      for (const i of missing)
        answers[i] = track(this.loading, ids[i], { began, answer: loaded.then((found) => found.get(ids[i])) });
    }
    return (await Promise.all(answers)).filter((json) => json !== undefined);
  }

  /**
   * The deck's JSON, validated against its schema once, here; kept unless the deck changed after
   * the load began (the load may have read it before the write, and would serve the old deck until
   * the entry expired).
   */
  private keepDeck(deck: Deck, began: number, now: number): string {
    const json = JSON.stringify(deckSchema.parse(deck));
    if (this.unchangedSince(deck._id, began))
      this.keepDeckEntry(deck._id, {
        json,
        expires: now + TTL_MS,
        changedAt: this.decks.get(deck._id)?.changedAt ?? 0,
      });
    return json;
  }

  private unchangedSince(id: string, began: number): boolean {
    return began >= (this.decks.get(id)?.changedAt ?? 0) && began >= this.forgottenChange;
  }

  private keepDeckEntry(id: string, entry: DeckEntry): void {
    const pushedOut = keepBounded(this.decks, id, entry, MAX_DECKS);
    if (pushedOut) this.forgottenChange = Math.max(this.forgottenChange, pushedOut.changedAt);
  }
}

/** Registers the work under its key until it settles, and returns its answer. */
function track<T>(inFlight: Map<string, InFlight<T>>, key: string, work: InFlight<T>): Promise<T> {
  inFlight.set(key, work);
  const done = () => {
    if (inFlight.get(key) === work) inFlight.delete(key);
  };
  work.answer.then(done, done);
  return work.answer;
}

/** Stores the entry as the newest; returns the oldest entry when it had to go to stay within `max`. */
function keepBounded<T>(map: Map<string, T>, key: string, entry: T, max: number): T | undefined {
  map.delete(key);
  map.set(key, entry);
  if (map.size <= max) return undefined;
  const [oldestKey, oldest] = map.entries().next().value!;
  map.delete(oldestKey);
  return oldest;
}

/** Searches that find the same decks share a key: value order, repeats and the username's case do not count. */
function searchKey(filters: DeckFilters): string {
  const values = (list: string[] | undefined) => [...new Set(list ?? [])].sort();
  return JSON.stringify([
    values(filters.albums),
    values(filters.collections),
    values(filters.tags),
    values(filters.cards),
    filters.user === undefined ? null : ['user', identifierKey(filters.user)],
    filters.sortBy === 'score',
    filters.restricted === true,
    values(filters.excludeAlbums),
    values(filters.excludeTags),
    values(filters.excludeCards),
    filters.window ?? 'all',
    textSearchKey(filters.text),
  ]);
}

/** A DecksPage of decks already in JSON. */
const pageJson = (deckJsons: string[], totalDecks: number) =>
  `{"decks":[${deckJsons.join(',')}],"totalDecks":${totalDecks}}`;
