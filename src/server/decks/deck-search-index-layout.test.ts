// The index's own bookkeeping at a size where it compacts its lists, reuses free slots and sorts
// its orders in bulk as well as one deck at a time (deck-search-index.ts): thousands of decks added,
// changed and taken out in batches of every size, each search checked against a plain filter and
// sort of the same decks.
// (deck-search-index.test.ts checks the meaning of every filter against the SQL itself.)
import { seededRandom } from '../../common/seeded-random';
import { ALBUMS, TAGS } from '../../common/game';
import { searchWords } from '../../common/text';
import { DeckSearchIndex, type DeckFacts, type IndexFilters } from './deck-search-index';

const random = seededRandom(4242);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
const some = <T>(list: readonly T[], most: number) => [
  ...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(list))),
];
const CARDS = Array.from({ length: 300 }, (_, i) => `Card ${i}`);
const WORDS = ['alpha', 'alps', 'beta', 'bet', 'gamma', 'delta', 'deck', 'decker'];
const USERS = ['u1', 'u2', 'u3'];
const NOW = Date.parse('2026-11-28T12:00:00.000Z');
let made = 0;

function randomDeck(id = `deck${String(made++).padStart(6, '0')}`): DeckFacts {
  const cards = some(CARDS, 18);
  return {
    id,
    userId: pick(USERS),
    // Whole minutes, so that ties on time are common and broken by id.
    createdAt: new Date(NOW - Math.floor(random() * 5000) * 60_000).toISOString(),
    score: random() < 0.6 ? 0 : Math.floor(random() * 8),
    hidden: random() < 0.05,
    albums: some(ALBUMS.slice(0, 3), 2).map((a) => a.name),
    collections: [],
    tags: random() < 0.2 ? [] : some(TAGS, 3).map((t) => t.name),
    cards,
    codes: cards.map((name) => `C${name.slice(5)}`),
    words: some(WORDS, 3),
  };
}

/** The same search, plainly. */
function expected(decks: Map<string, DeckFacts>, filters: IndexFilters, since: number) {
  const words = searchWords(filters.text ?? '');
  const holds = (deck: DeckFacts, word: string, i: number) =>
    i === words.length - 1 && word.length >= 2 ? deck.words.some((w) => w.startsWith(word)) : deck.words.includes(word);
  const matching = [...decks.values()].filter(
    (d) =>
      !d.hidden &&
      Date.parse(d.createdAt) >= since &&
      (filters.cards ?? []).every((c) => d.cards.includes(c)) &&
      (filters.cardCode === undefined || d.codes.includes(filters.cardCode)) &&
      (filters.albums ?? []).every((a) => d.albums.includes(a)) &&
      !(filters.excludeCards ?? []).some((c) => d.cards.includes(c)) &&
      !(filters.excludeTags ?? []).some((t) => d.tags.includes(t)) &&
      words.every((word, i) => holds(d, word, i)),
  );
  const newest = (a: DeckFacts, b: DeckFacts) =>
    Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1);
  matching.sort(filters.sortBy === 'score' ? (a, b) => b.score - a.score || newest(a, b) : newest);
  return matching.map((d) => d.id);
}

function randomFilters(): IndexFilters {
  const maybe = <T>(list: readonly T[], most: number) => (random() < 0.3 ? some(list, most) : []);
  return {
    cards: maybe(CARDS.slice(0, 20), 1),
    albums: maybe(ALBUMS.slice(0, 3), 1).map((a) => a.name),
    excludeCards: maybe(CARDS, random() < 0.3 ? 120 : 3),
    excludeTags: maybe(TAGS, 3).map((t) => t.name),
    text: random() < 0.3 ? `${pick(WORDS)} ${pick(WORDS).slice(0, 2 + Math.floor(random() * 3))}` : undefined,
    sortBy: random() < 0.5 ? 'score' : undefined,
    cardCode: random() < 0.2 ? `C${Math.floor(random() * 310)}` : undefined,
  };
}

test('thousands of decks changed in batches of every size search as a plain filter does', () => {
  const index = new DeckSearchIndex();
  const decks = new Map<string, DeckFacts>();
  const check = (rounds: number) => {
    for (let round = 0; round < rounds; round++) {
      const filters = randomFilters();
      const since = random() < 0.3 ? NOW - 2000 * 60_000 : -Infinity;
      const offset = pick([0, 7, 100]);
      const want = expected(decks, filters, since);
      const found = index.search(filters, {
        since: Number.isFinite(since) ? new Date(since) : null,
        offset,
        limit: 30,
      });
      const label = JSON.stringify({ filters, since, offset });
      expect(found.total, label).toBe(want.length);
      expect(found.ids, label).toEqual(want.slice(offset, offset + 30));
    }
  };
  const load = Array.from({ length: 4000 }, () => randomDeck());
  for (const deck of load) decks.set(deck.id, deck);
  index.add(load);
  check(40);
  // Batches small (moved one by one) and large (sorted again), of new decks, changed ones and deletions.
  for (const size of [1, 5, 40, 300, 1200, 3, 700]) {
    const ids = [...decks.keys()];
    const changed = Array.from({ length: size }, () => randomDeck(pick(ids)));
    const added = Array.from({ length: size }, () => randomDeck());
    const gone = [...new Set(Array.from({ length: Math.ceil(size / 2) }, () => pick(ids)))].filter(
      (id) => !changed.some((deck) => deck.id === id),
    );
    const batch = [...new Map([...changed, ...added].map((deck) => [deck.id, deck])).values()];
    for (const deck of batch) decks.set(deck.id, deck);
    for (const id of gone) decks.delete(id);
    index.apply(batch, gone);
    expect(index.size).toBe(decks.size);
    check(15);
  }
});
