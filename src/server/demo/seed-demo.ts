// Demo data for a fresh install: a few users, 66 decks over the last five weeks (so the three home
// columns differ), votes and comments. Runs only on an empty database, after the catalog is set up
// (catalog-setup.ts): each deck is built around one collection of the real cards and named for it.
import type { Db } from '../db/connect';
import type { Config } from '../config';
import { imageUrlOf, type ImageStore } from '../images/image-store';
import { DECK_SIZE, TAGS, albumOfCard, collectionCodeOf, findCollection, startOfGameWeek } from '../../common/game';
import { listCatalog } from '../cards/card-store';
import { changeVote, insertDeck } from '../decks/deck-store';
import { createComment } from '../comments/comment-store';
import { hashPassword } from '../accounts/passwords';
import { findUserByUsername, insertUser } from '../accounts/user-store';
import { seededRandom } from '../../common/seeded-random';
import { renderDeckImage } from './render-deck-image';

/** Every demo account signs in with this password (README.md says so). */
export const DEMO_PASSWORD = 'deckhubdemo';
const DEMO_USERS = ['StarGazer', 'PaleoPete', 'OceanOlga', 'ArtfulAda', 'HistoryHank', 'ScienceSam'];
const DECK_COUNT = 66;
const CURATED_COUNT = 8;
const FIVE_WEEKS_MS = 35 * 24 * 3600 * 1000;
/** A themed deck takes this many cards from its collection, the rest from the same album. */
const THEME_CARDS = 12;
/** Demo pictures drawn and encoded at once: sharp's own threads keep two cores busy with four. */
const IMAGES_AT_ONCE = 4;

const TITLES = ['Aggro', 'Control', 'Burn', 'Big Power', 'Budget', 'Combo', 'Lock', 'Tempo', 'Midrange', 'Return'];
const COMMENTS = [
  'Great deck, thanks for sharing!',
  'How does this do against burn?',
  'Swapped one card and hit a new rank.',
  'Love the synergy here.',
  'Is this still good after the update?',
];

type CatalogCard = { code: string; name: string };

/** Collections of the catalog with enough cards for a themed deck (in an album that can fill one), and the cards of each album. */
function themes(catalog: CatalogCard[]): {
  collections: { code: string; name: string; album: string; cards: CatalogCard[] }[];
  byAlbum: Map<string, CatalogCard[]>;
} {
  const byCollection = new Map<string, { album: string; cards: CatalogCard[] }>();
  const byAlbum = new Map<string, CatalogCard[]>();
  for (const card of catalog) {
    const album = albumOfCard(card.code);
    if (!album) continue;
    const code = collectionCodeOf(card.code);
    if (!byCollection.has(code)) byCollection.set(code, { album, cards: [] });
    if (!byAlbum.has(album)) byAlbum.set(album, []);
    byCollection.get(code)?.cards.push(card);
    byAlbum.get(album)?.push(card);
  }
  const collections = [...byCollection.entries()]
    .filter(([, { album, cards }]) => cards.length >= THEME_CARDS && (byAlbum.get(album)?.length ?? 0) >= DECK_SIZE)
    .map(([code, { album, cards }]) => ({ code, name: findCollection(code)?.name ?? code, album, cards }));
  return { collections, byAlbum };
}

/** `work` on every item, at most `atOnce` at a time; the results in the items' order. */
async function mapConcurrently<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const n = next++;
      results[n] = await work(items[n]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return results;
}

/** Seeds an empty database; false when it holds decks already or the catalog has no collection to build decks from. */
export async function seedDemoData(db: Db, images: ImageStore, config: Config, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('decks').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const { collections, byAlbum } = themes(await listCatalog(db));
  if (collections.length === 0) return false;
  const random = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  // Shuffled, so the decks cover every album rather than the first codes (Arts & Culture) only; with
  // more collections than decks, no two decks share a theme (nor a title).
  for (let i = collections.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [collections[i], collections[j]] = [collections[j], collections[i]];
  }
  /** `count` different cards of `list`, none of `taken`. */
  const draw = (list: readonly CatalogCard[], count: number, taken: CatalogCard[] = []) => {
    const chosen = new Set(taken);
    const free = list.filter((card) => !chosen.has(card));
    const picked: CatalogCard[] = [];
    while (picked.length < count && free.length > 0) picked.push(free.splice(Math.floor(random() * free.length), 1)[0]);
    return picked;
  };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: string[] = [];
  for (const username of [config.curatorUsername, ...DEMO_USERS]) {
    const user =
      (await findUserByUsername(db, username)) ??
      (await insertUser(db, { username, email: `${username.toLowerCase()}@demo.deckhub.local`, passwordHash }));
    userIds.push(user.id);
  }

  // Every draw first, in one fixed order (the same decks on every machine); then the pictures,
  // several at once; then the rows. Made one after another, the 66 pictures (a WebP encode each)
  // took 4.6 s of a first start; four at a time, 2.4 s on two cores.
  const weekStart = startOfGameWeek(now).getTime();
  const plans = Array.from({ length: DECK_COUNT }, (_, i) => {
    // The first decks land in the current game week, the rest anywhere in the last five weeks.
    const age = i < 12 ? random() * (now.getTime() - weekStart) : random() * FIVE_WEEKS_MS;
    const createdAt = new Date(now.getTime() - age);
    // Twelve cards of one collection and six more of its album: a deck its title describes.
    const theme = collections[i % collections.length];
    const album = theme.album;
    const themed = draw(theme.cards, THEME_CARDS);
    const cards = [...themed, ...draw(byAlbum.get(album) ?? [], DECK_SIZE - themed.length, themed)];
    const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TAGS).name))];
    const title = `${theme.name} ${pick(TITLES)}`;
    const deckcode =
      random() < 0.8
        ? Array.from({ length: 6 }, () => pick('ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split(''))).join('')
        : 'null';
    const voterIds = userIds.filter(() => random() < 0.35);
    const comment = random() < 0.4 ? { userId: pick(userIds), body: pick(COMMENTS) } : null;
    const deck = {
      userId: i < CURATED_COUNT ? userIds[0] : userIds[1 + (i % DEMO_USERS.length)],
      title,
      deckcode,
      description: `${theme.name} cards around ${themed[0].name}, with more of ${album}. Play the cheap cards first and keep the big ones for the last turns.`,
      cards: cards.map((c) => ({ name: c.name, code: c.code })),
      albums: [album],
      collections: [theme.code],
      tags,
      createdAt,
    };
    return { deck, voterIds, comment };
  });
  const imageKeys = await mapConcurrently(plans, IMAGES_AT_ONCE, ({ deck }) =>
    renderDeckImage(deck.title, deck.cards).then((png) => images.save(png)),
  );

  for (const [i, { deck, voterIds, comment }] of plans.entries()) {
    const deckId = await insertDeck(db, { ...deck, image: imageUrlOf(imageKeys[i]) });
    for (const voterId of voterIds) await changeVote(db, deckId, voterId, 'increase');
    if (comment)
      await createComment(db, { deckId, ...comment, createdAt: new Date(deck.createdAt.getTime() + 3600_000) });
  }
  return true;
}
