// Every deck's searchable facts in this process's memory, in compact arrays, and the search
// run over them: the decks of a search in its order, and how many match (issue #37). A search on
// the database costs what its worst filter costs: "without these 200 cards" made PostgreSQL read
// every excluded card's decks (350 ms at 100,000 decks) and the count of all matches is the floor of
// every search. Here the decks holding each card and each title word are listed (postings): a
// search marks the decks its cards and words select or leave out, then one pass over the decks in
// its order tests each one's marks, date and category bits, and counts as it goes.
//
// The database stays the truth: live-deck-index.ts fills this from it and keeps it current.
import { ALBUMS, COLLECTIONS, TAGS } from '../../common/game';
import { searchWords } from '../../common/text';
import type { DeckFilters } from '../../common/api/decks';
import { MIN_PREFIX_LENGTH } from './deck-text-search';
import { DeckValues, grown, Numbering, Vocabulary } from './deck-index-lists';

/** What a search can ask of one deck, as the database holds it. */
export interface DeckFacts {
  id: string;
  userId: string;
  /** ISO-8601 UTC, as stored. */
  createdAt: string;
  score: number;
  hidden: boolean;
  albums: string[];
  collections: string[];
  tags: string[];
  cards: string[];
  /** The catalog codes of its cards (a card the catalog lacks has none). */
  codes: string[];
  /** The words of decks.search_text. */
  words: string[];
}

/**
 * A bit per album, collection and tag, in words of 32 bits per deck, after bit 0: set for a deck
 * no search shows (hidden, or a free slot), so that one read of the deck's bits tests both.
 */
const NOT_SHOWN = 1;
const CATEGORY_BIT = new Map<string, number>(
  [
    ...ALBUMS.map((album) => `album:${album.name}`),
    ...COLLECTIONS.map((collection) => `collection:${collection.code}`),
    ...TAGS.map((tag) => `tag:${tag.name}`),
  ].map((key, i) => [key, i + 1]),
);
const CATEGORY_WORDS = Math.ceil((CATEGORY_BIT.size + 1) / 32);

/** The category words of some values; values the game does not know have no bit. */
function categoryWords(values: { albums?: string[]; collections?: string[]; tags?: string[] }): Int32Array {
  const words = new Int32Array(CATEGORY_WORDS);
  const add = (kind: string, names: string[] | undefined) => {
    for (const name of names ?? []) {
      const bit = CATEGORY_BIT.get(`${kind}:${name}`);
      if (bit !== undefined) words[bit >>> 5] |= 1 << (bit & 31);
    }
  };
  add('album', values.albums);
  add('collection', values.collections);
  add('tag', values.tags);
  return words;
}

/** Whether the search asks for a value no deck can have (an unknown album, card or word): it finds nothing. */
const NOTHING = Symbol('nothing');

/**
 * The decks in one order of the searches, each place holding a copy of what a search tests on every
 * deck (its slot, creation time and category bits), so that a search reads memory in order: on
 * 100,000 decks a walk through slots in a scattered order took three times as long, waiting for
 * memory. A deck put in or taken out moves the places after it by one (a copy of a few MB).
 */
class OrderedDecks {
  slots = new Int32Array(1024);
  created = new Float64Array(1024);
  categories = new Int32Array(1024 * CATEGORY_WORDS);
  length = 0;

  /** `compare`: negative when slot a comes first, by the slots' facts in the index. */
  constructor(private readonly compare: (a: number, b: number) => number) {}

  /** Every slot given, sorted. */
  rebuild(slots: number[], facts: SlotFacts): void {
    slots.sort(this.compare);
    this.length = 0;
    this.reserve(slots.length);
    for (const slot of slots) this.write(this.length++, slot, facts);
  }

  insert(slot: number, facts: SlotFacts): void {
    const at = this.placeOf(slot);
    this.reserve(this.length + 1);
    this.shift(at, at + 1);
    this.length++;
    this.write(at, slot, facts);
  }

  /** Takes a slot out, found by the facts it was sorted by (so before they change). */
  remove(slot: number): void {
    let at = this.placeOf(slot);
    if (this.slots[at] !== slot) at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.shift(at + 1, at);
    this.length--;
  }

  /** The first place whose slot does not come before `slot`. */
  private placeOf(slot: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.slots[mid], slot) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Moves the places from `from` to the end so that they begin at `to`. */
  private shift(from: number, to: number): void {
    this.slots.copyWithin(to, from, this.length);
    this.created.copyWithin(to, from, this.length);
    this.categories.copyWithin(to * CATEGORY_WORDS, from * CATEGORY_WORDS, this.length * CATEGORY_WORDS);
  }

  private write(at: number, slot: number, facts: SlotFacts): void {
    this.slots[at] = slot;
    this.created[at] = facts.created[slot];
    this.categories.set(
      facts.categories.subarray(slot * CATEGORY_WORDS, (slot + 1) * CATEGORY_WORDS),
      at * CATEGORY_WORDS,
    );
  }

  private reserve(places: number): void {
    if (places <= this.slots.length) return;
    this.slots = grown(this.slots, places);
    this.created = grown(this.created, places);
    this.categories = grown(this.categories, this.slots.length * CATEGORY_WORDS);
  }
}

/** The facts of each slot that the orders copy. */
interface SlotFacts {
  created: Float64Array;
  categories: Int32Array;
}

/** A search's filters, and the one filter of the card page's decks: those holding the card of this catalog code. */
export type IndexFilters = DeckFilters & { cardCode?: string };

/** The orders of a search: by creation (newest first) or by score (highest first, then newest); ties by id, as the SQL orders them. */
type Order = 'newest' | 'score';

export class DeckSearchIndex {
  private slotOf = new Map<string, number>();
  private ids: string[] = [];
  private freeSlots: number[] = [];
  private created = new Float64Array(0);
  private categories = new Int32Array(0);
  private score = new Float64Array(0);
  private user = new Int32Array(0);
  private cards = new DeckValues(new Numbering());
  private codes = new DeckValues(new Numbering());
  private words = new DeckValues(new Vocabulary());
  private userNumbers = new Numbering();
  /** Visible and hidden decks in each order; sorted again when `unsorted`. */
  private orders: Record<Order, OrderedDecks> = {
    newest: new OrderedDecks(this.comparer('newest')),
    score: new OrderedDecks(this.comparer('score')),
  };
  private unsorted = false;

  /** How many decks it holds, hidden ones included. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Puts in or replaces many decks at once (a load): the orders are sorted again by the next search. */
  add(decks: DeckFacts[]): void {
    this.unsorted = true;
    this.apply(decks);
  }

  /**
   * Puts in or replaces these decks, and takes out the ids given in `gone`. A few are moved within
   * the orders one by one; many (more than a twentieth of the decks) leave the orders to be sorted
   * again by the next search.
   */
  apply(decks: DeckFacts[], gone: string[] = []): void {
    if (decks.length + gone.length > Math.max(1000, this.size / 20)) this.unsorted = true;
    for (const id of [...gone, ...decks.map((deck) => deck.id)]) this.remove(id);
    for (const deck of decks) this.put(deck);
  }

  private put(deck: DeckFacts): void {
    const slot = this.freeSlots.pop() ?? this.ids.length;
    if (slot === this.ids.length) {
      this.ids.push(deck.id);
      this.growTo(slot + 1);
    } else {
      this.ids[slot] = deck.id;
    }
    this.slotOf.set(deck.id, slot);
    this.created[slot] = Date.parse(deck.createdAt);
    this.score[slot] = deck.score;
    this.user[slot] = this.userNumbers.numberOf(deck.userId);
    const categories = categoryWords(deck);
    if (deck.hidden) categories[0] |= NOT_SHOWN;
    this.categories.set(categories, slot * CATEGORY_WORDS);
    this.cards.put(slot, deck.cards);
    this.codes.put(slot, deck.codes);
    this.words.put(slot, deck.words);
    if (!this.unsorted) for (const order of Object.values(this.orders)) order.insert(slot, this.facts);
  }

  /** Takes a deck out, while its slot still holds the facts it was sorted by. */
  private remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    if (!this.unsorted) for (const order of Object.values(this.orders)) order.remove(slot);
    for (const values of [this.cards, this.codes, this.words]) values.remove(slot);
    this.categories[slot * CATEGORY_WORDS] |= NOT_SHOWN;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
  }

  private growTo(slots: number): void {
    if (slots <= this.created.length) return;
    this.created = grown(this.created, slots);
    this.score = grown(this.score, slots);
    this.user = grown(this.user, slots);
    this.categories = grown(this.categories, this.created.length * CATEGORY_WORDS);
    for (const values of [this.cards, this.codes, this.words]) values.grow(this.created.length);
  }

  /** Sorts the orders now, after a load, so that the first search does not wait for it. */
  sort(): void {
    this.ordered('newest');
  }

  /**
   * The visible decks holding at least `min` of the card codes, most shared first, then as the
   * score order goes (highest score, newest); `except` (the deck compared) left out. Each code's
   * decks are counted once over its postings, so no deck is compared card by card.
   */
  similar(codes: string[], { min, limit, except }: { min: number; limit: number; except?: string }) {
    const shared = new Uint8Array(this.ids.length);
    const exceptSlot = except === undefined ? undefined : this.slotOf.get(except);
    // A deck is a candidate the moment its count reaches `min`: only those are looked at again.
    const reached: number[] = [];
    for (const code of new Set(codes))
      for (const slot of this.codes.decksWith(code) ?? []) if (++shared[slot] === min) reached.push(slot);
    const found = reached.filter(
      (slot) => slot !== exceptSlot && (this.categories[slot * CATEGORY_WORDS] & NOT_SHOWN) === 0,
    );
    const byScore = this.comparer('score');
    found.sort((a, b) => shared[b] - shared[a] || byScore(a, b));
    return found.slice(0, limit).map((slot) => ({ id: this.ids[slot], shared: shared[slot] }));
  }

  /** What the orders copy of each slot. */
  private get facts(): SlotFacts {
    return { created: this.created, categories: this.categories };
  }

  /** The decks in the order, sorted again first after a load or a large change. */
  private ordered(order: Order): OrderedDecks {
    if (this.unsorted) {
      for (const decks of Object.values(this.orders)) decks.rebuild([...this.slotOf.values()], this.facts);
      this.unsorted = false;
    }
    return this.orders[order];
  }

  /** Negative when slot a comes first. */
  private comparer(order: Order): (a: number, b: number) => number {
    const byCreation = (a: number, b: number) =>
      this.created[b] - this.created[a] || (this.ids[a] < this.ids[b] ? 1 : this.ids[a] > this.ids[b] ? -1 : 0);
    if (order === 'newest') return byCreation;
    return (a, b) => this.score[b] - this.score[a] || byCreation(a, b);
  }

  /**
   * The ids of the visible decks matching the filters, `limit` of them after the first `offset`,
   * in the search's order, and how many match in all. `userId`: the id of `filters.user`, looked
   * up by the caller (null when no such user exists); `since`: the earliest creation allowed.
   */
  search(
    filters: IndexFilters,
    options: { userId?: string | null; since: Date | null; offset: number; limit: number },
  ): { ids: string[]; total: number } {
    const order = filters.sortBy === 'score' ? 'score' : 'newest';
    // First: sorting again copies the facts the walk reads.
    const decks = this.ordered(order);
    const query = this.compile(filters, options.userId);
    if (query === NOTHING) return { ids: [], total: 0 };
    const { mustHave, mustLack, user, hits, terms, excluded } = query;
    const since = options.since?.getTime();
    mustLack[0] |= NOT_SHOWN;
    // Only the words of the category bits that the search tests.
    const categoryChecks = Array.from({ length: CATEGORY_WORDS }, (_, w) => w).filter(
      (w) => mustHave[w] !== 0 || mustLack[w] !== 0,
    );
    const { slots, created, categories, length } = decks;
    const ids: string[] = [];
    let total = 0;
    for (let at = 0; at < length; at++) {
      if (since !== undefined && created[at] < since) {
        // Newest first, every deck after this one is older still.
        if (order === 'newest') break;
        continue;
      }
      let fits = true;
      for (const w of categoryChecks) {
        const has = categories[at * CATEGORY_WORDS + w];
        if ((has & mustHave[w]) !== mustHave[w] || (has & mustLack[w]) !== 0) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
      const slot = slots[at];
      if (hits && hits[slot] !== terms) continue;
      if (excluded && excluded[slot] === 1) continue;
      if (user !== undefined && this.user[slot] !== user) continue;
      total++;
      if (total > options.offset && ids.length < options.limit) ids.push(this.ids[slot]);
    }
    return { ids, total };
  }

  /** The search's filters as numbers and marks over the slots; NOTHING when no deck can match. */
  private compile(filters: IndexFilters, userId: string | null | undefined) {
    if (userId === null) return NOTHING;
    const user = userId === undefined ? undefined : this.userNumbers.find(userId);
    if (userId !== undefined && user === undefined) return NOTHING;
    // Every value asked for must be one the game knows: an unknown one matches no deck.
    const known = (kind: string, names: string[] | undefined) =>
      (names ?? []).every((name) => CATEGORY_BIT.has(`${kind}:${name}`));
    if (!known('album', filters.albums) || !known('collection', filters.collections) || !known('tag', filters.tags))
      return NOTHING;
    const required = this.requiredTerms(filters);
    if (required === NOTHING) return NOTHING;
    return {
      mustHave: categoryWords(filters),
      mustLack: categoryWords({ albums: filters.excludeAlbums, tags: filters.excludeTags }),
      user,
      hits: required.length > 0 ? this.hitsOf(required) : undefined,
      terms: required.length,
      excluded: this.excludedBy(filters.excludeCards ?? []),
    };
  }

  /**
   * What a deck must hold, each as the postings of which it must be in at least one: every card
   * asked for (by name, or by code), and every word of the text (the last one perhaps only begun, as deck-text-search.ts
   * asks the databases). NOTHING when one is held by no deck.
   */
  private requiredTerms(filters: IndexFilters): number[][][] | typeof NOTHING {
    const terms: number[][][] = [...new Set(filters.cards ?? [])].map((name) => [this.cards.decksWith(name) ?? []]);
    if (filters.cardCode !== undefined) terms.push([this.codes.decksWith(filters.cardCode) ?? []]);
    const words = searchWords(filters.text ?? '');
    for (const [i, word] of words.entries()) {
      const begun = i === words.length - 1 && word.length >= MIN_PREFIX_LENGTH;
      const numbers = begun ? this.words.numbers.begunWith(word) : [this.words.numbers.find(word) ?? -1];
      terms.push(numbers.filter((n) => n >= 0).map((n) => this.words.decksWithNumber(n)));
    }
    return terms.some((lists) => lists.every((slots) => slots.length === 0)) ? NOTHING : terms;
  }

  /**
   * For each slot, how many of the terms in a row it holds: a deck counts a term once even when
   * several of its words begin with it, since only a deck that held every earlier term (hits ===
   * term) moves on. A deck matches when it holds all of them.
   */
  private hitsOf(terms: number[][][]): Uint16Array {
    const hits = new Uint16Array(this.ids.length);
    for (const [term, lists] of terms.entries())
      for (const slots of lists) for (const slot of slots) if (hits[slot] === term) hits[slot] = term + 1;
    return hits;
  }

  /** 1 for each slot holding any of the cards, or undefined when none leaves out a deck. */
  private excludedBy(names: string[]): Uint8Array | undefined {
    const held = names.map((name) => this.cards.decksWith(name)).filter((slots) => slots !== undefined);
    if (held.length === 0) return undefined;
    const excluded = new Uint8Array(this.ids.length);
    for (const slots of held) for (const slot of slots) excluded[slot] = 1;
    return excluded;
  }
}
