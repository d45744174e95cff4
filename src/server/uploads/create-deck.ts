// Publishing an uploaded deck: its cards checked against the catalog, its image stored, its row
// inserted, so that a deck never points at a missing file and a file never outlives a failed insert.
import type { Db } from '../db/connect';
import { insertDeck } from '../decks/deck-store';
import { badRequest } from '../http/errors';
import { normalizeName } from '../../common/text';
import type { CreateDeck } from '../../common/api/uploads';
import type { ImageStore } from './image-store';

export interface CatalogCardRef {
  name: string;
  code: string;
}

/**
 * The catalog card of each name, in the same order; names are matched ignoring accents, case and
 * punctuation and come back as the catalog writes them. Throws 400 naming the unknown ones.
 * When several cards share a name, the lowest code is taken (the same rule as the card lookup).
 */
export async function resolveCatalogCards(db: Db, names: string[]): Promise<CatalogCardRef[]> {
  const keys = names.map(normalizeName);
  const rows = await db.selectFrom('cards').select(['name', 'code', 'name_norm']).where('name_norm', 'in', [...new Set(keys)]).orderBy('code').execute();
  const byKey = new Map<string, CatalogCardRef>();
  for (const row of rows) if (!byKey.has(row.name_norm)) byKey.set(row.name_norm, { name: row.name, code: row.code });
  const unknown = names.filter((_, i) => !byKey.has(keys[i]));
  if (unknown.length > 0) throw badRequest(`Not in the card catalog: ${unknown.join(', ')}.`);
  return keys.map((key) => byKey.get(key) as CatalogCardRef);
}

/**
 * Stores the image and inserts the deck; returns the deck id. The file is written first and the
 * deck inserted in one transaction after it: if the insert fails the file is deleted here, and if
 * the process dies in between, the start-up sweep removes the file no deck points at.
 */
export async function createDeck(
  deps: { db: Db; images: ImageStore },
  userId: string,
  image: Buffer,
  deck: CreateDeck,
): Promise<string> {
  const cards = await resolveCatalogCards(deps.db, deck.cards);
  const key = await deps.images.save(image);
  try {
    return await insertDeck(deps.db, {
      userId,
      title: deck.title,
      deckcode: deck.deckcode,
      image: deps.images.urlOf(key),
      description: deck.description,
      cards,
      albums: deck.albums,
      collections: deck.collections,
      tags: deck.tags,
    });
  } catch (error) {
    await deps.images.delete(key);
    throw error;
  }
}
