// Small builders for tests: each makes one real row through the same code the app uses.
import type { Db } from '../../src/server/db/connect';
import { newId, nowIso } from '../../src/server/db/ids';
import { createSession, SESSION_COOKIE } from '../../src/server/accounts/sessions';
import { insertDeck, type NewDeck } from '../../src/server/decks/deck-store';
import { COLLECTIONS, TAGS, albumOfCard, collectionCodeOf } from '../../src/common/game';
import { normalizeName } from '../../src/common/text';
import { upsertCards } from '../../src/server/cards/card-store';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface TestUser {
  id: string;
  username: string;
  email: string;
  /** A `cookie` header value that signs this user in. */
  cookie: string;
}

/** `role: 'moderator'` makes a moderator, as `npm run users:role` does. */
export async function buildUser(
  db: Db,
  overrides: { username?: string; email?: string | null; role?: string } = {},
): Promise<TestUser> {
  const username = overrides.username ?? `user${unique()}`;
  const email = overrides.email === undefined ? `${username.toLowerCase()}@example.test` : overrides.email;
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      username,
      username_lower: username.toLowerCase(),
      email,
      password_hash: null,
      created_at: nowIso(),
      role: overrides.role ?? null,
    })
    .execute();
  const { token } = await createSession(db, id);
  return { id, username, email: email ?? '', cookie: `${SESSION_COOKIE}=${token}` };
}

export function cardNames(count: number, prefix = 'Card'): { name: string; code: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${i + 1}`,
    code: `SAS${String(i + 1).padStart(3, '0')}`,
  }));
}

export async function buildDeck(db: Db, userId: string, overrides: Partial<NewDeck> = {}): Promise<string> {
  return insertDeck(db, {
    userId,
    title: `Deck ${unique()}`,
    deckcode: 'ABC123',
    image: '/upload/000000000000000000000000.webp',
    description: 'A test deck.',
    cards: cardNames(18),
    albums: ['Space'],
    collections: [COLLECTIONS[0].code],
    tags: [TAGS[0].name],
    ...overrides,
  });
}

/** Puts the cards into the catalog (rarity Common unless given), as the card import would. */
export async function buildCatalog(db: Db, cards: { name: string; code: string; rarity?: string }[]): Promise<void> {
  await upsertCards(
    db,
    cards.map((card) => ({
      code: card.code,
      name: card.name,
      name_norm: normalizeName(card.name),
      rarity: card.rarity ?? 'Common',
      type: 'Limited Card',
      album: albumOfCard(card.code),
      collection: collectionCodeOf(card.code),
    })),
  );
}
