// The answers of the deck read routes (one deck, a page of a search), kept in memory for a few
// seconds. A deck that goes viral on Discord is read thousands of times between two votes, and the
// home page's three columns are the same three searches for every visitor: this serves them without
// a database round trip each, which is what a PostgreSQL server shared with the OCR workers runs
// out of first under load (measured with `npm run bench:load`). Only what everyone sees is kept
// here: a deck a moderator hid is left out of every load and search (deck-store's default), and
// its author's view of it is read past this cache.
import { deckSchema, type Deck, type DecksPage } from '../../common/api/decks';
import type { PageQuery } from '../../common/api/pagination';
import type { DeckFilters } from './deck-store';
import { identifierKey } from '../../common/identifiers';

export interface DeckSource {
  /** Full decks of the ids, in the same order; unknown ids are left out (deck-store loadDecks). */
  loadDecks(ids: string[]): Promise<Deck[]>;
  /** One page of the decks matching the filters (deck-store searchDecks). */
  search(filters: DeckFilters, page: PageQuery): Promise<DecksPage>;
}

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

interface PageEntry {
  /** The page's decks in order: their contents come from the deck entries, so a vote shows at once. */
  ids: string[];
  totalDecks: number;
}

/** A load or search under way: readers that come while it runs wait for it instead of asking again. */
interface InFlight<T> {
  /** The eviction count when it began. */
  began: number;
  answer: Promise<T>;
}

export class DeckReads {
  private decks = new Map<string, DeckEntry>();
  private pages = new Map<string, PageEntry & { expires: number }>();
  private loading = new Map<string, InFlight<string | undefined>>();
  private searching = new Map<string, InFlight<PageEntry & { json: string }>>();
  /** Counts evictions; every load remembers the count it began at. */
  private evictions = 0;
  /** The newest change pushed out of `decks` with its entry: a load begun before it keeps nothing. */
  private forgottenChange = 0;
  /** When the pages were last evicted: a search begun before that keeps no page. */
  private pagesChangedAt = 0;

  constructor(private readonly source: DeckSource) {}

  /** The deck as JSON, or undefined when there is no such deck. */
  async deckJson(id: string, now = Date.now()): Promise<string | undefined> {
    return (await this.deckJsons([id], now))[0];
  }

  /** One page of a search as JSON (a DecksPage). */
  async pageJson(filters: DeckFilters, page: PageQuery, now = Date.now()): Promise<string> {
    const key = pageKey(filters, page);
    const kept = this.pages.get(key);
    if (kept && kept.expires > now) return this.assemble(kept, now);
    const pending = this.searching.get(key);
    if (pending && pending.began >= this.pagesChangedAt) return this.assemble(await pending.answer, now);

    const began = this.evictions;
    const searched = this.source.search(filters, page).then(({ decks, totalDecks }) => {
      const jsons = decks.map((deck) => this.keepDeck(deck, began, now));
      const found = { ids: decks.map((deck) => deck._id), totalDecks };
      if (began >= this.pagesChangedAt) keepBounded(this.pages, key, { ...found, expires: now + TTL_MS }, MAX_PAGES);
      return { ...found, json: pageJson(jsons, totalDecks) };
    });
    return (await track(this.searching, key, { began, answer: searched })).json;
  }

  /** After a write to a deck (a vote, an edit): its next read loads it again. Pages keep their order. */
  evictDeck(id: string): void {
    this.keepDeckEntry(id, { expires: 0, changedAt: ++this.evictions });
  }

  /** After a write that changes which decks a search finds (a deck published, edited, deleted). */
  evictPages(): void {
    this.pages.clear();
    this.pagesChangedAt = ++this.evictions;
  }

  /** A page found earlier, with its decks as they are now. */
  private async assemble(page: PageEntry, now: number): Promise<string> {
    return pageJson(await this.deckJsons(page.ids, now), page.totalDecks);
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
      const loaded = this.source.loadDecks(missing.map((i) => ids[i])).then((decks) => new Map(decks.map((deck) => [deck._id, this.keepDeck(deck, began, now)])));
      for (const i of missing) answers[i] = track(this.loading, ids[i], { began, answer: loaded.then((found) => found.get(ids[i])) });
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
    if (this.unchangedSince(deck._id, began)) this.keepDeckEntry(deck._id, { json, expires: now + TTL_MS, changedAt: this.decks.get(deck._id)?.changedAt ?? 0 });
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

/** Requests that searchDecks answers alike share a key: value order, repeats and the username's case do not count. */
function pageKey(filters: DeckFilters, page: PageQuery): string {
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
    page.page,
    page.limit,
  ]);
}

/** A DecksPage of decks already in JSON. */
const pageJson = (deckJsons: string[], totalDecks: number) => `{"decks":[${deckJsons.join(',')}],"totalDecks":${totalDecks}}`;
