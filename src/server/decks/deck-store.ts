// Reading and writing decks with their cards, categories and votes. Every query here runs on
// SQLite and PostgreSQL alike.
import { PostgresAdapter, sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import { categoryMasks, refreshDeckSetColumns } from '../db/deck-set-columns';
import { startOfGameWeek } from '../../common/game';
import { identifierKey } from '../../common/identifiers';
import { toDeck, type DeckRelations } from './deck-presenter';
// A description is written in the comments' Markdown subset and stored rendered beside it, as a comment is.
import { renderComments as renderMarkdown } from '../comments/comment-markdown';
import { matchesText, refreshSearchDocument, textSearchKey } from './deck-text-search';
import type { Deck, DeckFilters, DeckPatch } from '../../common/api/decks';
import type { CreateDeck } from '../../common/api/uploads';

export type { DeckFilters, DeckPatch };

/** A deck to insert: the publish form's fields, with its author, stored image and catalog cards. */
export type NewDeck = Omit<CreateDeck, 'cards'> & {
  userId: string;
  image: string;
  cards: { name: string; code: string | null }[];
  createdAt?: Date;
};

/** The filter tables: each holds one (value, deck_id) row per value a deck has. */
const FILTER_TABLES = {
  albums: { table: 'deck_albums', column: 'album' },
  collections: { table: 'deck_collections', column: 'collection' },
  tags: { table: 'deck_tags', column: 'tag' },
  cards: { table: 'deck_cards', column: 'card_name' },
} as const;

/** The values of each filter table, in the order given. */
function groupByTable(values: ReturnType<typeof selectedValues>) {
  const byTable = new Map<string, { column: string; values: string[] }>();
  for (const { table, column, value } of values) {
    const entry = byTable.get(table) ?? { column, values: [] };
    entry.values.push(value);
    byTable.set(table, entry);
  }
  return byTable;
}

/** Every selected value with the table that holds it. */
function selectedValues(filters: DeckFilters) {
  return (['albums', 'collections', 'tags', 'cards'] as const).flatMap((kind) =>
    unique(filters[kind]).map((value) => ({ ...FILTER_TABLES[kind], value })),
  );
}

/**
 * Values past this many are not joined one by one: SQLite joins at most 64 tables in a query, and
 * a search may select up to 200 values per list.
 */
const MAX_JOINED_VALUES = 16;

/**
 * The decks that have every selected value: one inner join per value on its (value, deck_id)
 * index. Joins rather than `IN (subquery)` or correlated EXISTS, so that both databases start from
 * the most selective value and probe the others, instead of materialising every value's deck list
 * or scanning all decks (on 100k decks, 1 album + 1 collection takes ~10 ms this way against ~160 ms).
 * Values past MAX_JOINED_VALUES are checked per list by one grouped subquery: the decks holding all
 * of them. By then the joins have narrowed the decks to few, so the subquery costs little.
 */
function filteredDecks(db: Db, filters: DeckFilters, now: Date, visibility: Visibility = 'visible') {
  let query = db.selectFrom('decks');
  if (visibility === 'visible') query = query.where('decks.hidden_at', 'is', null);
  const values = selectedValues(filters);
  values.slice(0, MAX_JOINED_VALUES).forEach(({ table, column, value }, n) => {
    const alias = `f${n}`;
    // Aliases are made up per value, which Kysely's types cannot follow: the SQL is checked by the tests.
    query = query.innerJoin(sql.table(table).as(alias) as never, (join) =>
      join.on(sql.ref(`${alias}.deck_id`), '=', sql.ref('decks.id')).on(sql.ref(`${alias}.${column}`), '=', value),
    ) as unknown as typeof query;
  });
  for (const [table, { column, values: rest }] of groupByTable(values.slice(MAX_JOINED_VALUES))) {
    query = query.where(
      'decks.id',
      'in',
      sql<string>`(select deck_id from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(rest)}) group by deck_id having count(distinct ${sql.ref(column)}) = ${rest.length})`,
    );
  }
  if (filters.user) {
    // A name that is not canonical (see identifiers.ts) names nobody, so it finds no decks.
    const username = identifierKey(filters.user);
    query =
      username === null
        ? query.where(sql<boolean>`1 = 0`)
        : query.where('decks.user_id', '=', (eb) =>
            eb.selectFrom('users').select('users.id').where('users.username_lower', '=', username),
          );
  }
  query = withoutExcluded(query, filters, db.getExecutor().adapter instanceof PostgresAdapter);
  const since = windowStart(filters, now);
  if (since) query = query.where('decks.created_at', '>=', since.toISOString());
  const text = matchesText(db, filters.text);
  if (text) query = query.where(text);
  return query;
}

/**
 * Leaves out the decks holding any excluded value, by the set columns on the deck's own row
 * (db/deck-set-columns.ts): a test per deck the search reads anyway, where the anti-joins with the
 * filter tables read every excluded value's decks first (bench:search at 100,000 decks: 200
 * excluded cards 337 ms p50 on PostgreSQL, all tags and a card 294 ms).
 */
function withoutExcluded(query: DeckQuery, filters: DeckFilters, postgres: boolean): DeckQuery {
  const masks = categoryMasks({ albums: filters.excludeAlbums, tags: filters.excludeTags });
  for (const [column, mask] of Object.entries(masks)) {
    if (mask !== 0) query = query.where(noBitOf(`decks.${column}`, mask));
  }
  const cards = unique(filters.excludeCards);
  if (cards.length === 0) return query;
  if (postgres && cards.length <= ARRAY_EXCLUDED_CARDS) {
    // The card numbers of the names; a name no deck ever held has none and excludes nothing.
    return query.where(
      sql<boolean>`not (decks.card_ids && array(select number from card_numbers where name in (${sql.join(cards)})))`,
    );
  }
  if (postgres) {
    // PostgreSQL compares arrays element by element: 200 excluded cards cost 18 x 200 comparisons
    // per deck (1.6 s for a count at 100,000 decks), where the hash anti-join reads the cards' rows once.
    return query.where(({ not, exists }) =>
      not(
        exists(sql`(select 1 from deck_cards as x where x.deck_id = decks.id and x.card_name in (${sql.join(cards)}))`),
      ),
    );
  }
  // SQLite reads the excluded cards' decks once into a temporary index and probes it per deck. A
  // correlated NOT EXISTS probes the (value, deck) index once per excluded value for every deck:
  // 13 times the CPU for 200 excluded cards on 100k decks (2.7 s against 0.2 s).
  return query.where(
    'decks.id',
    'not in',
    sql<string>`(select deck_id from deck_cards where card_name in (${sql.join(cards)}))`,
  );
}

type DeckQuery = SelectQueryBuilder<Database, 'decks', object>;

/** Most excluded cards PostgreSQL tests against the deck's card numbers; longer lists take the anti-join. */
const ARRAY_EXCLUDED_CARDS = 16;

/** Most excluded bits tested one by one (see noBitOf). */
const BITS_ONE_BY_ONE = 8;

/**
 * None of the mask's bits in the column. PostgreSQL has no statistics for `(bits & mask) = 0` and
 * guesses that 1 deck in 200 passes, so it sorts every deck instead of walking the order's index
 * until the page is full (90 ms against 0.1 ms at 100,000 decks, one album and one tag excluded);
 * for `(bits & bit) <> bit` it guesses 199 in 200, the truth for a few excluded values. Many
 * excluded values (all the tags) do leave few decks: those keep the one test and its guess.
 */
function noBitOf(column: string, mask: number) {
  const bits = Array.from({ length: 53 }, (_, n) => 2 ** n).filter((bit) => Math.floor(mask / bit) % 2 === 1);
  if (bits.length > BITS_ONE_BY_ONE) return sql<boolean>`(${sql.ref(column)} & ${mask}) = 0`;
  return sql<boolean>`${sql.join(
    bits.map((bit) => sql`(${sql.ref(column)} & ${bit}) <> ${bit}`),
    sql` and `,
  )}`;
}

/** Whether hidden decks are left out (every list and search) or kept (the author's own list, marked). */
export type Visibility = 'visible' | 'with-hidden';

/** Length of the '30d' window of a search. */
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

/** The earliest creation time the search allows, if any: `restricted` and the window, the narrower one. */
export function windowStart(filters: DeckFilters, now: Date): Date | null {
  const starts: Date[] = [];
  if (filters.restricted || filters.window === 'week') starts.push(startOfGameWeek(now));
  if (filters.window === '30d') starts.push(new Date(now.getTime() - THIRTY_DAYS_MS));
  return starts.length ? new Date(Math.max(...starts.map((d) => d.getTime()))) : null;
}

/** Whether the search leaves out any album, tag or card. */
const hasExclusions = (filters: DeckFilters) =>
  [filters.excludeAlbums, filters.excludeTags, filters.excludeCards].some((values) => (values ?? []).length > 0);

/**
 * How many decks match. With no filter at all, the count the triggers keep answers it. When only
 * values are selected, the filter tables alone do: every row there belongs to an existing deck,
 * and leaving out the probe of the decks table for each candidate made the count several times
 * faster on 100k decks.
 */
export async function countDecks(
  db: Db,
  filters: DeckFilters,
  now = new Date(),
  visibility: Visibility = 'visible',
): Promise<number> {
  const count = async (query: ReturnType<typeof filteredDecks>) =>
    Number((await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
  if (
    visibility !== 'visible' ||
    filters.user ||
    windowStart(filters, now) ||
    textSearchKey(filters.text).length > 0 ||
    hasExclusions(filters) ||
    selectedValues(filters).length > MAX_JOINED_VALUES
  ) {
    return count(filteredDecks(db, filters, now, visibility));
  }
  const [first, ...rest] = selectedValues(filters);
  if (!first) {
    // The triggers count visible decks only (migrations/0009-visible-deck-count.ts).
    const { n } = await db.selectFrom('deck_count').select('n').executeTakeFirstOrThrow();
    return Number(n);
  }
  // The filter tables hold hidden decks' rows too: those few are counted apart and taken off.
  const joins = rest.map(({ table, column, value }, i) => {
    const alias = `f${i + 1}`;
    return sql`join ${sql.table(table)} as ${sql.id(alias)} on ${sql.ref(`${alias}.deck_id`)} = f0.deck_id and ${sql.ref(`${alias}.${column}`)} = ${value}`;
  });
  // Both run at once, and Promise.all handles the rejection of each: a count started here and
  // awaited later was left unhandled when both failed, and that ended the process (issue 33, C1).
  const [{ rows }, hidden] = await Promise.all([
    sql<{
      n: string | number;
    }>`select count(*) as n from ${sql.table(first.table)} as f0 ${sql.join(joins, sql` `)} where ${sql.ref(`f0.${first.column}`)} = ${first.value}`.execute(
      db,
    ),
    count(filteredDecks(db, filters, now, 'with-hidden').where('decks.hidden_at', 'is not', null)),
  ]);
  return Number(rows[0].n) - hidden;
}

const unique = (values: string[] | undefined) => [...new Set(values ?? [])];

/** The decks matching every filter in the order of the search: highest score first for sortBy 'score', else newest first. */
function orderedDecks(db: Db, filters: DeckFilters, now: Date, visibility: Visibility) {
  const query = filteredDecks(db, filters, now, visibility);
  return filters.sortBy === 'score'
    ? query.orderBy('decks.score', 'desc').orderBy('decks.created_at', 'desc').orderBy('decks.id', 'desc')
    : query.orderBy('decks.created_at', 'desc').orderBy('decks.id', 'desc');
}

/** One page of the decks matching every filter, with how many match. */
export async function searchDecks(
  db: Db,
  filters: DeckFilters,
  page: { page: number; limit: number },
  now = new Date(),
  visibility: Visibility = 'visible',
): Promise<{ decks: Deck[]; totalDecks: number }> {
  const ordered = withAuthor(orderedDecks(db, filters, now, visibility));
  // The decks load while the count may still run: whichever takes longer sets the time, not both.
  const [decks, totalDecks] = await Promise.all([
    ordered
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute()
      .then((rows) => withRelations(db, rows)),
    countDecks(db, filters, now, visibility),
  ]);
  return { decks, totalDecks };
}

/** The ids of the visible decks matching every filter, `limit` of them after the first `offset`, in the search's order. */
export async function searchDeckIds(
  db: Db,
  filters: DeckFilters,
  window: { offset: number; limit: number },
  now = new Date(),
): Promise<string[]> {
  const rows = await orderedDecks(db, filters, now, 'visible')
    .select('decks.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => row.id);
}

/** The deck rows of a query over decks, with their author's name: what `toDeck` needs besides the relations. */
function withAuthor(query: ReturnType<typeof filteredDecks>) {
  return query.innerJoin('users', 'users.id', 'decks.user_id').selectAll('decks').select('users.username');
}

type DeckRow = Parameters<typeof toDeck>[0];

/**
 * The decks' cards, categories and voters in one query (a UNION ALL of the five tables), not one
 * per table: on PostgreSQL every query is a round trip whose socket write cost the server more CPU
 * than anything else under load. `pos` keeps the cards' order, `at` the voters'.
 */
function relationRows(db: Db, ids: string[]) {
  const of = (
    table: 'deck_albums' | 'deck_collections' | 'deck_tags',
    column: string,
    kind: 'albums' | 'collections' | 'tags',
  ) =>
    sql`select deck_id, ${sql.lit(kind)} as kind, ${sql.ref(column)} as value, null as code, 0 as pos, '' as at from ${sql.table(table)} where deck_id in (${sql.join(ids)})`;
  return sql<{ deck_id: string; kind: Exclude<keyof DeckRelations, 'cardCodes'>; value: string; code: string | null }>`
    select deck_id, ${sql.lit('cards')} as kind, card_name as value, card_code as code, position as pos, '' as at from deck_cards where deck_id in (${sql.join(ids)})
    union all ${of('deck_albums', 'album', 'albums')}
    union all ${of('deck_collections', 'collection', 'collections')}
    union all ${of('deck_tags', 'tag', 'tags')}
    union all select votes.deck_id, ${sql.lit('voters')} as kind, users.username as value, null as code, 0 as pos, votes.created_at as at
      from votes join users on users.id = votes.user_id where votes.deck_id in (${sql.join(ids)})
    order by pos, at`.execute(db);
}

/** The full decks of the rows, in the same order. */
async function withRelations(db: Db, rows: DeckRow[]): Promise<Deck[]> {
  if (rows.length === 0) return [];
  const relations = new Map<string, DeckRelations>(
    rows.map((row) => [row.id, { cards: [], cardCodes: [], albums: [], collections: [], tags: [], voters: [] }]),
  );
  for (const { deck_id, kind, value, code } of (
    await relationRows(
      db,
      rows.map((row) => row.id),
    )
  ).rows) {
    const relation = relations.get(deck_id)!;
    relation[kind].push(value);
    if (kind === 'cards') relation.cardCodes.push(code);
  }
  return rows.map((row) => toDeck(row, relations.get(row.id)!));
}

/** Full decks for the ids, in the same order; unknown ids (and hidden ones, unless asked for) are left out. */
export async function loadDecks(db: Db, ids: string[], visibility: Visibility = 'visible'): Promise<Deck[]> {
  if (ids.length === 0) return [];
  let query = withAuthor(db.selectFrom('decks')).where('decks.id', 'in', ids);
  if (visibility === 'visible') query = query.where('decks.hidden_at', 'is', null);
  const rows = await query.execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withRelations(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** The deck, hidden or not: callers check with policies.ts who may see a hidden one. */
export async function findDeck(db: Db, id: string): Promise<Deck | undefined> {
  return (await loadDecks(db, [id], 'with-hidden'))[0];
}

/** The row the permission rules need: who owns the deck, its image, and whether a moderator hid it. */
export async function findDeckOwner(db: Db, id: string) {
  return db
    .selectFrom('decks')
    .select(['id', 'user_id', 'image', 'hidden_at', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Hides the deck from everyone but its author and moderators (a time), or shows it again (null).
 * False when it already was so: of two moderators acting at once, one changes it.
 */
export async function setDeckHidden(db: Db, id: string, hiddenAt: string | null): Promise<boolean> {
  const result = await db
    .updateTable('decks')
    .set({ hidden_at: hiddenAt })
    .where('id', '=', id)
    .where('hidden_at', hiddenAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Links the decks that hold a card to its catalog entry once it is there (a card proposed from a
 * screenshot and approved): those published with its code take its name as the catalog writes it,
 * and those that named it without a code get the code. Their rows are written again rather than
 * updated: the statistics triggers count a deck's cards on insert and delete. Returns the decks.
 */
export async function linkDecksToCard(db: Db, card: { code: string; name: string }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('deck_cards')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('card_code', '=', card.code),
          eb.and([eb('card_code', 'is', null), eb(eb.fn('lower', ['card_name']), '=', card.name.toLowerCase())]),
        ]),
      )
      .execute();
    const changed = rows.filter((row) => row.card_code !== card.code || row.card_name !== card.name);
    for (const row of changed) {
      // A deck holds a name once: a row whose deck has another card of this name keeps its own.
      const clash = await trx
        .selectFrom('deck_cards')
        .select('position')
        .where('deck_id', '=', row.deck_id)
        .where('card_name', '=', card.name)
        .where('position', '!=', row.position)
        .executeTakeFirst();
      if (clash) continue;
      await trx
        .deleteFrom('deck_cards')
        .where('deck_id', '=', row.deck_id)
        .where('position', '=', row.position)
        .execute();
      await trx
        .insertInto('deck_cards')
        .values({ ...row, card_code: card.code, card_name: card.name })
        .execute();
    }
    return [...new Set(rows.map((row) => row.deck_id))];
  });
}

export async function insertDeck(db: Db, deck: NewDeck): Promise<string> {
  const id = newId();
  const created = nowIso(deck.createdAt);
  const [descriptionHtml] = await renderMarkdown(db, [deck.description]);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('decks')
      .values({
        id,
        user_id: deck.userId,
        title: deck.title,
        deckcode: deck.deckcode,
        image: deck.image,
        description: deck.description,
        description_html: descriptionHtml,
        created_at: created,
        updated_at: created,
      })
      .execute();
    // A card is in a deck at most once (the OCR and the form both ensure it; this keeps the rule).
    const cards = deck.cards.filter((card, i) => deck.cards.findIndex((c) => c.name === card.name) === i);
    if (cards.length > 0) {
      await trx
        .insertInto('deck_cards')
        .values(
          cards.map((card, position) => ({
            deck_id: id,
            position,
            card_name: card.name,
            card_code: card.code,
            deck_created_at: created,
          })),
        )
        .execute();
    }
    await replaceCategories(trx, id, deck);
    await refreshDeckSetColumns(trx, id);
    await refreshSearchDocument(trx, id);
  });
  return id;
}

async function replaceCategories(
  trx: Db,
  deckId: string,
  values: { albums?: string[]; collections?: string[]; tags?: string[] },
) {
  if (values.albums) {
    await trx.deleteFrom('deck_albums').where('deck_id', '=', deckId).execute();
    const rows = unique(values.albums).map((album) => ({ deck_id: deckId, album }));
    if (rows.length) await trx.insertInto('deck_albums').values(rows).execute();
  }
  if (values.collections) {
    await trx.deleteFrom('deck_collections').where('deck_id', '=', deckId).execute();
    const rows = unique(values.collections).map((collection) => ({ deck_id: deckId, collection }));
    if (rows.length) await trx.insertInto('deck_collections').values(rows).execute();
  }
  if (values.tags) {
    await trx.deleteFrom('deck_tags').where('deck_id', '=', deckId).execute();
    const rows = unique(values.tags).map((tag) => ({ deck_id: deckId, tag }));
    if (rows.length) await trx.insertInto('deck_tags').values(rows).execute();
  }
}

/** A deck's cards as a version keeps them, in deck order. */
export type VersionCard = { name: string; code: string | null };

/**
 * Changes a deck's fields and categories, and with `cards` its card list: the list it replaces is
 * kept in deck_versions first (unless the new one is the same). The deck_cards triggers move the
 * card pages', meta's and similar decks' statistics along in the same transaction.
 */
export async function updateDeck(db: Db, id: string, patch: DeckPatch, cards?: VersionCard[]): Promise<void> {
  const [descriptionHtml] = patch.description !== undefined ? await renderMarkdown(db, [patch.description]) : [];
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx
      .updateTable('decks')
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined
          ? { description: patch.description, description_html: descriptionHtml }
          : {}),
        ...(patch.deckcode !== undefined ? { deckcode: patch.deckcode } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await replaceCategories(trx, id, patch);
    if (patch.title !== undefined || patch.deckcode !== undefined) await refreshSearchDocument(trx, id);
    if (cards) await replaceCards(trx, id, cards, now);
    await refreshDeckSetColumns(trx, id);
  });
}

async function replaceCards(trx: Db, deckId: string, cards: VersionCard[], now: string): Promise<void> {
  const old = await trx
    .selectFrom('deck_cards')
    .select(['card_name as name', 'card_code as code'])
    .where('deck_id', '=', deckId)
    .orderBy('position')
    .execute();
  const same =
    old.length === cards.length && old.every((card, i) => card.name === cards[i].name && card.code === cards[i].code);
  if (same) return;
  const deck = await trx.selectFrom('decks').select('created_at').where('id', '=', deckId).executeTakeFirstOrThrow();
  const last = await trx
    .selectFrom('deck_versions')
    .select('replaced_at')
    .where('deck_id', '=', deckId)
    .orderBy('replaced_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  await trx
    .insertInto('deck_versions')
    .values({
      id: newId(),
      deck_id: deckId,
      listed_at: last?.replaced_at ?? deck.created_at,
      replaced_at: now,
      cards: JSON.stringify(old.map(({ name, code }) => ({ name, code }))),
    })
    .execute();
  await trx.deleteFrom('deck_cards').where('deck_id', '=', deckId).execute();
  await trx
    .insertInto('deck_cards')
    .values(
      cards.map((card, position) => ({
        deck_id: deckId,
        position,
        card_name: card.name,
        card_code: card.code,
        deck_created_at: deck.created_at,
      })),
    )
    .execute();
}

/** A deck's card lists, oldest first: each kept version, then the current one. */
export async function findDeckCardLists(db: Db, deckId: string): Promise<{ date: string; cards: VersionCard[] }[]> {
  const [versions, current, deck] = await Promise.all([
    db
      .selectFrom('deck_versions')
      .select(['listed_at', 'replaced_at', 'cards'])
      .where('deck_id', '=', deckId)
      .orderBy('replaced_at')
      .execute(),
    db
      .selectFrom('deck_cards')
      .select(['card_name as name', 'card_code as code'])
      .where('deck_id', '=', deckId)
      .orderBy('position')
      .execute(),
    db.selectFrom('decks').select('created_at').where('id', '=', deckId).executeTakeFirst(),
  ]);
  if (!deck) return [];
  return [
    ...versions.map((v) => ({ date: v.listed_at, cards: JSON.parse(v.cards) as VersionCard[] })),
    { date: versions.at(-1)?.replaced_at ?? deck.created_at, cards: current },
  ];
}

export async function deleteDeck(db: Db, id: string): Promise<void> {
  await db.deleteFrom('decks').where('id', '=', id).execute();
}

/**
 * Adds or removes the caller's own vote: one statement, atomic on its own. The score follows in
 * the same statement through the votes triggers (migrations/0003-vote-score.ts), and only for a
 * row really inserted or deleted, so concurrent votes never lose or double-count and `score`
 * always equals the number of voters.
 */
export async function changeVote(
  db: Db,
  deckId: string,
  userId: string,
  change: 'increase' | 'decrease',
): Promise<void> {
  if (change === 'increase') {
    await db
      .insertInto('votes')
      .values({ deck_id: deckId, user_id: userId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['deck_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('votes').where('deck_id', '=', deckId).where('user_id', '=', userId).execute();
  }
}
