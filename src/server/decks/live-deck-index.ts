// Keeps this process's search index (deck-search-index.ts) as the database is: it reads every deck
// once, in the background when the server starts, then before each search the decks that changed
// since, from the log the database's triggers keep (migrations/0022-deck-changes.ts). When nothing
// changed that is one indexed read of an empty range; so a search sees every write committed before
// it began, this process's or another instance's, as the SQL search did.
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { DeckSearchIndex, type DeckFacts } from './deck-search-index';

/** Decks read per query by the first load (their cards and categories read by the same id range). */
const LOAD_PAGE = 5_000;
/** Log rows read per query. */
const LOG_PAGE = 5_000;
/** The log keeps this many rows; an instance further behind reads every deck again. */
const LOG_KEPT = 200_000;
/** How often the log is cut back to LOG_KEPT rows. */
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * How long a missing log number is looked for again. PostgreSQL hands out numbers when a write
 * begins and the write becomes visible when it commits: a number below the highest one seen may
 * still come (or never, if its write was rolled back).
 */
const GAP_WAIT_MS = 60_000;
/** The most missing numbers between two read ones that are looked for again. */
const MAX_GAP = 1_000;

export class LiveDeckIndex {
  private index: DeckSearchIndex | null = null;
  private loading: Promise<void> | null = null;
  /** The read of the log under way, and the one that follows it for the searches that came during it. */
  private pulling: Promise<void> | null = null;
  private nextPull: Promise<void> | null = null;
  /** The highest log number read, and the missing ones below it that may yet come, with when they were missed. */
  private lastSeq = 0;
  private gaps = new Map<number, number>();
  private prunedAt = Date.now();
  private closed = false;

  /** `reads`: where searches read (SQLite's read threads); `writes`: where the log is pruned. */
  constructor(
    private readonly reads: Db,
    private readonly writes: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Begins the first load in the background, once. */
  start(): Promise<void> {
    this.loading ??= this.load().catch((err: unknown) => {
      if (!this.closed) this.log.error({ err }, 'deck search index: the first load failed; searches use the database');
      this.loading = null;
    });
    return this.loading;
  }

  close(): void {
    this.closed = true;
  }

  /**
   * The index with every change committed before this call; null while the first load runs (the
   * search then asks the database).
   */
  async current(): Promise<DeckSearchIndex | null> {
    if (!this.index) {
      void this.start();
      return null;
    }
    await this.readLog();
    return this.index;
  }

  /**
   * Reads the log now, or, when a read is under way (it may have begun before the caller's writes
   * committed), right after it: the callers that come meanwhile share that one next read.
   */
  private readLog(): Promise<void> {
    if (!this.pulling) return this.pull();
    this.nextPull ??= this.pulling
      .catch(() => {})
      .then(() => {
        this.nextPull = null;
        return this.pull();
      });
    return this.nextPull;
  }

  private pull(): Promise<void> {
    const pull = this.readChanges();
    this.pulling = pull;
    pull
      .catch(() => {})
      .finally(() => {
        if (this.pulling === pull) this.pulling = null;
      });
    return pull;
  }

  private async load(): Promise<void> {
    const index = new DeckSearchIndex();
    // Changes logged after this number are read by the next pull; those before are in the decks read now.
    const { max } = await this.reads
      .selectFrom('deck_changes')
      .select((eb) => eb.fn.max('seq').as('max'))
      .executeTakeFirstOrThrow();
    let after: string | null = null;
    for (;;) {
      if (this.closed) return;
      const page: DeckFacts[] = await readDeckFacts(this.reads, { after, limit: LOAD_PAGE });
      if (page.length === 0) break;
      index.add(page);
      after = page[page.length - 1].id;
    }
    index.sort();
    this.lastSeq = Number(max ?? 0);
    this.gaps.clear();
    this.index = index;
  }

  /** Reads the decks logged since the last read, and any gap that has come since. */
  private async readChanges(): Promise<void> {
    const index = this.index;
    if (!index) return;
    for (;;) {
      const gaps = [...this.gaps.keys()];
      const rows = await this.reads
        .selectFrom('deck_changes')
        .select(['seq', 'deck_id'])
        .where((eb) =>
          gaps.length ? eb.or([eb('seq', '>', this.lastSeq), eb('seq', 'in', gaps)]) : eb('seq', '>', this.lastSeq),
        )
        .orderBy('seq')
        .limit(LOG_PAGE)
        .execute();
      if (rows.length === 0) break;
      if (await this.fellBehind(rows)) return;
      const now = Date.now();
      for (const row of rows) {
        const seq = Number(row.seq);
        this.gaps.delete(seq);
        // A wide gap is a large write rolled back (or numbers PostgreSQL skipped), not writes in flight.
        if (seq - this.lastSeq <= MAX_GAP)
          for (let missing = this.lastSeq + 1; missing < seq; missing++) this.gaps.set(missing, now);
        this.lastSeq = Math.max(this.lastSeq, seq);
      }
      const ids = [...new Set(rows.map((row) => row.deck_id))];
      const facts = await readDeckFactsOf(this.reads, ids);
      const found = new Set(facts.map((deck) => deck.id));
      index.apply(
        facts,
        ids.filter((id) => !found.has(id)),
      );
      if (rows.length < LOG_PAGE) break;
    }
    const now = Date.now();
    for (const [seq, missedAt] of this.gaps) if (now - missedAt > GAP_WAIT_MS) this.gaps.delete(seq);
    if (now - this.prunedAt > PRUNE_EVERY_MS) await this.prune();
  }

  /** Whether the log no longer holds what this index missed (cut while it was idle): then every deck is read again. */
  private async fellBehind(rows: { seq: number | string }[]): Promise<boolean> {
    if (Number(rows[0].seq) <= this.lastSeq + 1) return false;
    const { min } = await this.reads
      .selectFrom('deck_changes')
      .select((eb) => eb.fn.min('seq').as('min'))
      .executeTakeFirstOrThrow();
    if (Number(min) <= this.lastSeq + 1) return false;
    this.loading = null;
    this.index = null;
    await this.start();
    return true;
  }

  private async prune(): Promise<void> {
    this.prunedAt = Date.now();
    await this.writes
      .deleteFrom('deck_changes')
      .where('seq', '<', sql<number>`(select max(seq) from deck_changes) - ${LOG_KEPT}`)
      .execute();
  }
}

/** The facts of the decks with ids after `after` (all when null), `limit` of them in id order. */
async function readDeckFacts(db: Db, { after, limit }: { after: string | null; limit: number }) {
  let decks = db.selectFrom('decks').select(['id']).orderBy('id').limit(limit);
  if (after !== null) decks = decks.where('id', '>', after);
  const ids = (await decks.execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  return readFacts(db, (column) => sql<boolean>`${sql.ref(column)} between ${ids[0]} and ${ids[ids.length - 1]}`);
}

/** The facts of these decks; ids of decks that no longer exist are left out. */
async function readDeckFactsOf(db: Db, ids: string[]): Promise<DeckFacts[]> {
  const facts: DeckFacts[] = [];
  // Bounded lists: SQLite takes at most 32,766 values in one statement.
  for (let i = 0; i < ids.length; i += 1_000) {
    const some = ids.slice(i, i + 1_000);
    facts.push(...(await readFacts(db, (column) => sql<boolean>`${sql.ref(column)} in (${sql.join(some)})`)));
  }
  return facts;
}

/** The facts of the decks whose id meets `which` (a condition on the column named). */
async function readFacts(db: Db, which: (column: string) => ReturnType<typeof sql<boolean>>): Promise<DeckFacts[]> {
  const [decks, cards, albums, collections, tags] = await Promise.all([
    db
      .selectFrom('decks')
      .select(['id', 'user_id', 'created_at', 'score', 'hidden_at', 'search_text'])
      .where(which('id'))
      .execute(),
    db.selectFrom('deck_cards').select(['deck_id', 'card_name', 'card_code']).where(which('deck_id')).execute(),
    db.selectFrom('deck_albums').select(['deck_id', 'album as value']).where(which('deck_id')).execute(),
    db.selectFrom('deck_collections').select(['deck_id', 'collection as value']).where(which('deck_id')).execute(),
    db.selectFrom('deck_tags').select(['deck_id', 'tag as value']).where(which('deck_id')).execute(),
  ]);
  const byDeck = new Map<string, DeckFacts>(
    decks.map((deck) => [
      deck.id,
      {
        id: deck.id,
        userId: deck.user_id,
        createdAt: deck.created_at,
        score: Number(deck.score),
        hidden: deck.hidden_at !== null,
        albums: [],
        collections: [],
        tags: [],
        cards: [],
        codes: [],
        words: deck.search_text.split(' ').filter(Boolean),
      },
    ]),
  );
  const gather = (rows: { deck_id: string; value: string }[], list: 'albums' | 'collections' | 'tags') => {
    for (const row of rows) byDeck.get(row.deck_id)?.[list].push(row.value);
  };
  for (const card of cards) {
    const deck = byDeck.get(card.deck_id);
    deck?.cards.push(card.card_name);
    if (card.card_code !== null) deck?.codes.push(card.card_code);
  }
  gather(albums, 'albums');
  gather(collections, 'collections');
  gather(tags, 'tags');
  return [...byDeck.values()];
}
