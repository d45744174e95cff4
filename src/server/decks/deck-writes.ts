// Every change to a deck goes through here: the store write and the eviction of what it changed from
// the deck reads kept in memory, together, so no caller can forget the second half. The lint rule in
// eslint.config.js lets only this module import the store's write functions.
import type { Db } from '../db/connect';
import { imageKeyOfUrl, imageUrlOf, type ImageStore } from '../images/image-store';
import { badRequest } from '../http/errors';
import { normalizeName } from '../../common/text';
import { MESSAGES } from '../../common/messages';
import type { CreateDeck } from '../../common/api/uploads';
import {
  changeVote,
  deleteDeck,
  insertDeck,
  linkDecksToCard,
  setDeckHidden,
  updateDeck,
  type DeckPatch,
} from './deck-store';
import type { DeckEvictions } from './deck-evictions';
import { isCardCode } from '../../common/api/cards';
import { proposeFromPublish, refusedNewCard } from '../cards/card-proposals';

export interface DeckWriteDeps {
  db: Db;
  images: ImageStore;
  deckEvictions: DeckEvictions;
}

export interface CatalogCardRef {
  name: string;
  code: string;
  /** A card the catalog lacks, published as its player wrote it and proposed to the moderators. */
  isNew?: boolean;
}

/**
 * The catalog card of each name, in the same order; names are matched ignoring accents, case and
 * punctuation and come back as the catalog writes them. Throws 400 naming the unknown ones.
 * A card given with its code is that exact card, which must bear the name: several cards may
 * share a name, and the one the reader found or the user picked is the one published. A card
 * given by name alone is the lowest code of that name (the same rule as the card lookup). A code
 * of `newCodes` is a card the catalog lacks yet, taken with the name given (newCards below).
 */
export async function resolveCatalogCards(
  db: Db,
  names: string[],
  codes: string[] = [],
  newCodes: string[] = [],
): Promise<CatalogCardRef[]> {
  const keys = names.map(normalizeName);
  const wantedCodes = [...new Set(codes.filter((code) => code !== ''))];
  const [byName, byCode] = await Promise.all([
    db
      .selectFrom('cards')
      .select(['name', 'code', 'name_norm'])
      .where('name_norm', 'in', [...new Set(keys)])
      .orderBy('code')
      .execute(),
    wantedCodes.length > 0
      ? db.selectFrom('cards').select(['name', 'code', 'name_norm']).where('code', 'in', wantedCodes).execute()
      : [],
  ]);
  const firstOfName = new Map<string, CatalogCardRef>();
  for (const row of byName)
    if (!firstOfName.has(row.name_norm)) firstOfName.set(row.name_norm, { name: row.name, code: row.code });
  const ofCode = new Map(byCode.map((row) => [row.code, row]));

  const unknown: string[] = [];
  const mismatched: string[] = [];
  const cards = names.map((name, i): CatalogCardRef | null => {
    const code = codes[i] ?? '';
    if (code === '') {
      const card = firstOfName.get(keys[i]);
      if (!card) unknown.push(name);
      return card ?? null;
    }
    const row = ofCode.get(code);
    if (row && newCodes.includes(code)) throw badRequest(MESSAGES.upload.newCardCodeTaken(code, row.name));
    if (!row && newCodes.includes(code)) return { name: name.trim(), code, isNew: true };
    if (!row) unknown.push(`${name} (${code})`);
    else if (row.name_norm !== keys[i]) mismatched.push(`${code} is ${row.name}, not ${name}`);
    return row ? { name: row.name, code: row.code } : null;
  });
  if (unknown.length > 0) throw badRequest(`Not in the card catalog: ${unknown.join(', ')}.`);
  if (mismatched.length > 0) throw badRequest(`Card codes and names do not match: ${mismatched.join('; ')}.`);
  return cards as CatalogCardRef[];
}

/**
 * Publishes a deck: stores the image, inserts the deck, and returns its id. The file is written
 * first and the deck inserted in one transaction after it: if the insert fails the file is deleted
 * here, and if the process dies in between, the start-up sweep removes the file no deck points at.
 * `storedKey` is an image stored already (a screenshot reading's): the deck takes it as it is,
 * and a failed insert leaves it to its reading.
 */
export async function publishDeck(
  deps: DeckWriteDeps,
  userId: string,
  image: Buffer | { storedKey: string },
  deck: CreateDeck,
): Promise<string> {
  const newCodes = await newCards(deps.db, deck.newCards ?? []);
  const cards = await resolveCatalogCards(deps.db, deck.cards, deck.cardCodes, newCodes);
  const key = Buffer.isBuffer(image) ? await deps.images.save(image) : image.storedKey;
  let id: string;
  try {
    id = await insertDeck(deps.db, {
      userId,
      title: deck.title,
      deckcode: deck.deckcode,
      image: imageUrlOf(key),
      description: deck.description,
      cards,
      albums: deck.albums,
      collections: deck.collections,
      tags: deck.tags,
    });
  } catch (error) {
    if (Buffer.isBuffer(image)) await deps.images.delete(key);
    throw error;
  }
  await proposeFromPublish(
    deps.db,
    cards.filter((card) => card.isNew),
  );
  await deps.deckEvictions.evict({ pages: true });
  return id;
}

/**
 * The codes a publish names as new cards, checked: each a card code's shape (capitals then digits,
 * as printed) and not one a moderator rejected. Whether the catalog has it is resolveCatalogCards's.
 */
async function newCards(db: Db, codes: string[]): Promise<string[]> {
  for (const code of codes) {
    if (!isCardCode(code)) throw badRequest(MESSAGES.upload.newCardCodeInvalid(code));
    if ((await refusedNewCard(db, code)) === 'rejected') throw badRequest(MESSAGES.upload.newCardRejected(code));
  }
  return codes;
}

/**
 * Changes a deck's title, description, categories and deck code, and with `cards` its card list,
 * checked against the catalog like a publish. The pages go too: the deck's cards, code and
 * categories decide which searches find it; card pages, meta and similar decks read the statistics
 * the deck_cards triggers keep.
 */
export async function editDeck(deps: DeckWriteDeps, id: string, patch: DeckPatch): Promise<void> {
  const cards = patch.cards ? await resolveCatalogCards(deps.db, patch.cards, patch.cardCodes) : undefined;
  // Two names may resolve to one card (a name and its code sent apart): a deck holds each card once.
  if (cards && new Set(cards.map((card) => card.code)).size !== cards.length)
    throw badRequest(MESSAGES.upload.editDuplicateCards);
  await updateDeck(deps.db, id, patch, cards);
  await deps.deckEvictions.evict({ deck: id, pages: true });
}

/**
 * Deletes a deck, then its image. The row goes first: a file left behind by a crash in between is
 * swept at start-up, while a row pointing at a deleted file would show a broken deck.
 */
export async function removeDeck(deps: DeckWriteDeps, deck: { id: string; image: string }): Promise<void> {
  await deleteDeck(deps.db, deck.id);
  await deps.deckEvictions.evict({ deck: deck.id, pages: true });
  const key = imageKeyOfUrl(deck.image);
  if (key) await deps.images.delete(key);
}

/**
 * Adds or removes one user's upvote. Only the deck is evicted: pages keep ids, not decks, so the new
 * score shows at once wherever the deck is listed.
 */
export async function voteOnDeck(
  deps: DeckWriteDeps,
  deckId: string,
  userId: string,
  change: 'increase' | 'decrease',
): Promise<void> {
  await changeVote(deps.db, deckId, userId, change);
  await deps.deckEvictions.evict({ deck: deckId });
}

/**
 * A moderator hides a deck (`hiddenAt` a time) or restores it (null). It leaves or rejoins every
 * list, search and count at once: the deck and the pages are evicted like after a deletion.
 * False when the deck already was so (another moderator was quicker).
 */
export async function changeDeckVisibility(
  deps: DeckWriteDeps,
  deckId: string,
  hiddenAt: string | null,
): Promise<boolean> {
  const changed = await setDeckHidden(deps.db, deckId, hiddenAt);
  if (changed) await deps.deckEvictions.evict({ deck: deckId, pages: true });
  return changed;
}

/**
 * Links the decks holding a card that has just entered the catalog (a proposal approved) to it,
 * and evicts them: their card lists now link to the card's page. Returns how many decks hold it.
 */
export async function linkCardToDecks(deps: DeckWriteDeps, card: { code: string; name: string }): Promise<number> {
  const decks = await linkDecksToCard(deps.db, card);
  for (const deck of decks) await deps.deckEvictions.evict({ deck });
  await deps.deckEvictions.evict({ pages: true });
  return decks.length;
}
