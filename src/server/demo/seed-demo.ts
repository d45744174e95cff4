// Demo data for a fresh install: the demo catalog, a few users, 66 decks over the last five weeks
// (so the three home columns differ), votes and comments. Runs only on an empty database.
import type { Db } from '../db/connect';
import type { Config } from '../config';
import { imageUrlOf, type ImageStore } from '../images/image-store';
import { COLLECTIONS, DECK_SIZE, TAGS, albumOfCard, collectionCodeOf, startOfGameWeek } from '../../common/game';
import { countCards, listCatalog } from '../cards/card-store';
import { importCards } from '../cards/import-cards';
import { changeVote, insertDeck } from '../decks/deck-store';
import { createComment } from '../comments/comment-store';
import { hashPassword } from '../accounts/passwords';
import { findUserByUsername, insertUser } from '../accounts/user-store';
import { seededRandom } from '../../common/seeded-random';
import { demoCatalog } from './demo-catalog';
import { renderDeckImage } from './render-deck-image';

/** Every demo account signs in with this password (README.md says so). */
export const DEMO_PASSWORD = 'deckhubdemo';
const DEMO_USERS = ['StarGazer', 'PaleoPete', 'OceanOlga', 'ArtfulAda', 'HistoryHank', 'ScienceSam'];
const DECK_COUNT = 66;
const CURATED_COUNT = 8;
const FIVE_WEEKS_MS = 35 * 24 * 3600 * 1000;

const TITLES = ['Aggro', 'Control', 'Burn', 'Big Power', 'Budget', 'Combo', 'Lock', 'Tempo', 'Midrange', 'Return'];
const COMMENTS = ['Great deck, thanks for sharing!', 'How does this do against burn?', 'Swapped one card and hit a new rank.', 'Love the synergy here.', 'Is this still good after the update?'];

export async function seedDemoData(db: Db, images: ImageStore, config: Config, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('decks').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  if ((await countCards(db)) === 0) await importCards(db, demoCatalog());
  const catalog = await listCatalog(db);
  const random = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: string[] = [];
  for (const username of [config.curatorUsername, ...DEMO_USERS]) {
    const user =
      (await findUserByUsername(db, username)) ?? (await insertUser(db, { username, email: `${username.toLowerCase()}@demo.deckhub.local`, passwordHash }));
    userIds.push(user.id);
  }

  const weekStart = startOfGameWeek(now).getTime();
  for (let i = 0; i < DECK_COUNT; i++) {
    // The first decks land in the current game week, the rest anywhere in the last five weeks.
    const age = i < 12 ? random() * (now.getTime() - weekStart) : random() * FIVE_WEEKS_MS;
    const createdAt = new Date(now.getTime() - age);
    const cards = Array.from(new Set(Array.from({ length: 40 }, () => pick(catalog)))).slice(0, DECK_SIZE);
    const albums = [...new Set(cards.map((c) => albumOfCard(c.code)).filter((a): a is NonNullable<typeof a> => !!a))].slice(0, 2);
    const collections = [...new Set(cards.map((c) => collectionCodeOf(c.code)))].filter((c) => COLLECTIONS.some((k) => k.code === c)).slice(0, 2);
    const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TAGS).name))];
    const title = `${albums[0] ?? 'Mixed'} ${pick(TITLES)} #${i + 1}`;
    const key = await images.save(await renderDeckImage(title, cards));
    const ownerId = i < CURATED_COUNT ? userIds[0] : userIds[1 + (i % DEMO_USERS.length)];
    const deckId = await insertDeck(db, {
      userId: ownerId,
      title,
      deckcode: random() < 0.8 ? Array.from({ length: 6 }, () => pick('ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split(''))).join('') : 'null',
      image: imageUrlOf(key),
      description: `A ${title.toLowerCase()} list. Play the cheap cards first and keep the big ones for the last turns.`,
      cards: cards.map((c) => ({ name: c.name, code: c.code })),
      albums,
      collections,
      tags,
      createdAt,
    });
    for (const voterId of userIds) if (random() < 0.35) await changeVote(db, deckId, voterId, 'increase');
    if (random() < 0.4) {
      await createComment(db, { deckId, userId: pick(userIds), body: pick(COMMENTS), createdAt: new Date(createdAt.getTime() + 3600_000) });
    }
  }
  return true;
}
