// The decks of `npm run bench:search`, made one at a time and written as they are made, so that a
// million decks (18 million deck cards) fill a database without ever being held in memory. SQLite
// takes them through prepared INSERTs in one transaction; PostgreSQL through COPY (psql's \copy of
// tab-separated files written in one pass: the `pg` client has no COPY FROM STDIN of its own), which
// loads a million decks in minutes where row INSERTs took far longer. Each deck's set columns
// (migration 0018) and search_text (0017) are written with the deck, as the deck store writes them,
// instead of a backfill that would rewrite every row after the fill.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { categoryMasks } from '../src/server/db/deck-set-columns';
import { ALBUMS, COLLECTIONS, RARITIES, TAGS } from '../src/common/game';
import { deckSearchDocument, normalizeName } from '../src/common/text';
import { seededRandom } from '../src/common/seeded-random';

export const CARD_POOL = 5000;
const CARDS_PER_DECK = 18;
const USERS = 500;

export const picker =
  (random: () => number) =>
  <T>(list: readonly T[]) =>
    list[Math.floor(random() * list.length)];

/** Words of the bench's deck titles; the first ones are the most common (TITLE_WORDS[0] in about a fifth of the titles). */
export const TITLE_WORDS = [
  'combo',
  'budget',
  'aggro',
  'control',
  'ocean',
  'dragón',
  'space',
  'history',
  'science',
  'power',
  'burn',
  'tempo',
  'midrange',
  'ramp',
  'swarm',
  'fusion',
  'legend',
  'ancient',
  'cosmic',
  'royal',
  'wild',
  'frozen',
  'storm',
  'shadow',
  'golden',
  'iron',
  'crystal',
  'mystic',
  'ultimate',
  'rapid',
  'steady',
  'clever',
  'brave',
  'quiet',
  'lucky',
  'final',
  'prime',
  'neon',
  'lunar',
  'solar',
];

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

/** A deck's title: a word picked with a skew (popular words recur), then two at even odds; fixed by the deck's number. */
function benchTitle(i: number): string {
  const bytes = crypto.createHash('md5').update(`t${i}`).digest();
  const skewed = Math.floor(TITLE_WORDS.length * (bytes[0] / 256) ** 2);
  return `${TITLE_WORDS[skewed]} ${TITLE_WORDS[bytes[1] % TITLE_WORDS.length]} ${TITLE_WORDS[bytes[2] % TITLE_WORDS.length]}`;
}

/** A deck's in-game code: six characters, different for (nearly) every deck. */
export const benchCode = (i: number) => md5(`c${i}`).slice(0, 6).toUpperCase();

/** Catalog card n: named `Card n` (as the searches ask), its code in one of the game's collections. */
export function benchCard(n: number) {
  const collection = COLLECTIONS[n % COLLECTIONS.length];
  const name = `Card ${n}`;
  return {
    code: `${collection.code}${String(Math.floor(n / COLLECTIONS.length) + 1).padStart(3, '0')}`,
    name,
    name_norm: normalizeName(name),
    rarity: RARITIES[n % 4],
    type: 'Limited Card',
    album: collection.album,
    collection: collection.code,
  };
}

function benchUsers(now: number) {
  const created_at = new Date(now).toISOString();
  return Array.from({ length: USERS }, (_, i) => ({
    id: md5(`u${i}`).slice(0, 24),
    username: `user${i}`,
    username_lower: `user${i}`,
    email: `u${i}@x.test`,
    password_hash: null,
    created_at,
  }));
}

interface BenchDeck {
  deck: {
    id: string;
    user_id: string;
    title: string;
    deckcode: string;
    image: string;
    description: string;
    score: number;
    created_at: string;
    updated_at: string;
    search_text: string;
    album_bits: number;
    tag_bits_a: number;
    tag_bits_b: number;
  };
  /** Card numbers (benchCard), in the deck's order. */
  cards: number[];
  albums: string[];
  collections: string[];
  tags: string[];
}

/**
 * The bench's decks, the same on every call: 18 cards and a few categories each, a year of dates,
 * one in 20 a near-copy of an earlier deck. Only the card numbers of earlier decks are kept (for
 * the near-copies: 36 bytes a deck), never the decks themselves.
 */
function* benchDecks(count: number, now: number): Generator<BenchDeck> {
  const random = seededRandom(7);
  const pick = picker(random);
  /** Card popularity is skewed, as in a real meta: low numbers appear in many decks. */
  const cardNumber = () => Math.floor(CARD_POOL * random() ** 2);
  const users = benchUsers(now);
  const usernames = new Map(users.map((user) => [user.id, user.username]));
  const userIds = users.map((user) => user.id);
  const earlierCards = new Int16Array(count * CARDS_PER_DECK);
  for (let i = 0; i < count; i++) {
    // A year of decks, a little denser lately.
    const created = new Date(now - 365 * 24 * 3600 * 1000 * random() ** 1.5).toISOString();
    const userId = pick(userIds);
    const score = Math.floor(60 * random() ** 4);
    // One deck in 20 is a near-copy of an earlier one (0 to 6 cards changed), as players copy decks
    // that win: these are what similar decks finds.
    const cards = new Set<number>();
    if (i > 0 && random() < 0.05) {
      const original = Math.floor(random() * i) * CARDS_PER_DECK;
      const changed = Math.floor(random() * 7);
      for (const n of earlierCards.subarray(original, original + CARDS_PER_DECK - changed)) cards.add(n);
    }
    while (cards.size < CARDS_PER_DECK) cards.add(cardNumber());
    earlierCards.set([...cards], i * CARDS_PER_DECK);
    const albums = [...new Set([pick(ALBUMS).name, pick(ALBUMS).name])];
    const collections = [...new Set([pick(COLLECTIONS).code, pick(COLLECTIONS).code])];
    const tags = [...new Set([pick(TAGS).name, pick(TAGS).name, pick(TAGS).name])];
    const deck = { title: benchTitle(i), deckcode: benchCode(i), username: usernames.get(userId)! };
    yield {
      deck: {
        id: md5(`d${i}`).slice(0, 24),
        user_id: userId,
        title: deck.title,
        deckcode: deck.deckcode,
        image: '/upload/x.webp',
        description: 'bench',
        score,
        created_at: created,
        updated_at: created,
        search_text: deckSearchDocument(deck),
        ...categoryMasks({ albums, tags }),
      },
      cards: [...cards],
      albums,
      collections,
      tags,
    };
  }
}

/** The catalog, made once: a card's row was made anew for each of its 18 million uses, 45 s of CPU at a million decks. */
const CARDS = Array.from({ length: CARD_POOL }, (_, n) => benchCard(n));

/** The rows of every table but decks that one deck adds. */
function deckRows({ deck, cards, albums, collections, tags }: BenchDeck) {
  return {
    deck_cards: cards.map((n, position) => ({
      deck_id: deck.id,
      position,
      card_name: CARDS[n].name,
      card_code: CARDS[n].code,
      deck_created_at: deck.created_at,
    })),
    deck_albums: albums.map((album) => ({ deck_id: deck.id, album })),
    deck_collections: collections.map((collection) => ({ deck_id: deck.id, collection })),
    deck_tags: tags.map((tag) => ({ deck_id: deck.id, tag })),
  };
}

/** The filled tables in the order their foreign keys need. */
const TABLE_ORDER = ['cards', 'users', 'decks', 'deck_cards', 'deck_albums', 'deck_collections', 'deck_tags'] as const;
type Table = (typeof TABLE_ORDER)[number];
const DECK_TABLES = ['deck_cards', 'deck_albums', 'deck_collections', 'deck_tags'] as const;

/** Fills a migrated SQLite file with `count` decks; returns their ids. */
export function fillSqlite(file: string, count: number, now: number): string[] {
  const sqlite = new SQLite(file);
  sqlite.pragma('cache_size = -500000');
  const inserts = new Map<string, SQLite.Statement>();
  const insert = (table: Table, row: Record<string, unknown>) => {
    let statement = inserts.get(table);
    if (!statement) {
      const columns = Object.keys(row);
      statement = sqlite.prepare(
        `INSERT INTO ${table} (${columns.join(',')}) VALUES (${columns.map((c) => '@' + c).join(',')})`,
      );
      inserts.set(table, statement);
    }
    statement.run(row);
  };
  const ids: string[] = [];
  sqlite.transaction(() => {
    for (const card of CARDS) insert('cards', card);
    for (const user of benchUsers(now)) insert('users', user);
    for (const made of benchDecks(count, now)) {
      insert('decks', made.deck);
      const rows = deckRows(made);
      for (const table of DECK_TABLES) for (const row of rows[table]) insert(table, row);
      ids.push(made.deck.id);
    }
  })();
  sqlite.exec('ANALYZE');
  sqlite.close();
  return ids;
}

/** A value in COPY's text format: tabs, newlines and backslashes escaped, null as \N. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (Array.isArray(value)) return `{${value.join(',')}}`;
  return String(value).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
}

/** Lines for one table, written to its file a batch at a time. */
class CopyFile {
  readonly file: string;
  columns: string[] = [];
  private fd: number;
  private lines: string[] = [];
  constructor(dir: string, table: Table) {
    this.file = path.join(dir, `${table}.tsv`);
    this.fd = fs.openSync(this.file, 'w');
  }
  add(row: Record<string, unknown>) {
    if (this.columns.length === 0) this.columns = Object.keys(row);
    this.lines.push(this.columns.map((c) => copyField(row[c])).join('\t'));
    if (this.lines.length >= 10_000) this.flush();
  }
  flush() {
    if (this.lines.length) fs.writeSync(this.fd, this.lines.join('\n') + '\n');
    this.lines = [];
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/**
 * Fills a migrated PostgreSQL schema with `count` decks through COPY; returns their ids. The
 * tab-separated files go to a folder of their own in `parent` (about 1.6 GB for a million decks),
 * removed once loaded.
 */
export async function fillPostgres(url: string, schema: string, count: number, now: number, parent: string) {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    // Card numbers as the set-column backfill gives them (names in sorted order), so that each
    // deck's card_ids can be written with it.
    await client.query(
      'insert into card_numbers (name) select name from unnest($1::text[]) as n(name) order by 1 on conflict do nothing',
      [CARDS.map((card) => card.name)],
    );
    const numberOf = new Map(
      (await client.query<{ name: string; number: number }>('select name, number from card_numbers')).rows.map(
        (row) => [row.name, row.number],
      ),
    );
    const numbers = CARDS.map((card) => numberOf.get(card.name)!);
    const dir = fs.mkdtempSync(path.join(parent, 'deckhub-bench-copy-'));
    const files = Object.fromEntries(TABLE_ORDER.map((table) => [table, new CopyFile(dir, table)])) as Record<
      Table,
      CopyFile
    >;
    const ids: string[] = [];
    try {
      for (const card of CARDS) files.cards.add(card);
      for (const user of benchUsers(now)) files.users.add(user);
      for (const made of benchDecks(count, now)) {
        const cardIds = made.cards.map((n) => numbers[n]).sort((a, b) => a - b);
        files.decks.add({ ...made.deck, card_ids: cardIds });
        const rows = deckRows(made);
        for (const table of DECK_TABLES) for (const row of rows[table]) files[table].add(row);
        ids.push(made.deck.id);
      }
      for (const table of TABLE_ORDER) files[table].close();
      // One COPY a table, in a transaction of its own: the statistics triggers (migration 0006) run
      // once over all its rows. PGOPTIONS puts their unqualified tables in the schema. The table's
      // indexes (but those of its constraints) are built after its rows are in: one sorted build
      // instead of 18 million random inserts into each of deck_cards' three (a million decks).
      await client.query(`set maintenance_work_mem = '512MB'`);
      for (const table of TABLE_ORDER) {
        const { file, columns } = files[table];
        const { rows: indexes } = await client.query<{ name: string; definition: string }>(
          `select quote_ident(indexname) as name, indexdef as definition from pg_indexes i
            where schemaname = $1 and tablename = $2
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
          [schema, table],
        );
        for (const index of indexes) await client.query(`drop index ${index.name}`);
        execFileSync(
          'psql',
          [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `\\copy ${table} (${columns.join(',')}) from '${file}'`],
          {
            env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` },
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
        for (const index of indexes) await client.query(index.definition);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // What autovacuum does for a live database: statistics, and the visibility map that lets counts
    // and filter joins read indexes only instead of visiting every freshly loaded heap page.
    // The schema's tables only: a bare VACUUM would go through every other schema of the database too.
    const { rows: tables } = await client.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = $1`,
      [schema],
    );
    await client.query(`VACUUM ANALYZE ${tables.map((table) => table.name).join(', ')}`);
    return ids;
  } finally {
    await client.end();
  }
}
