// Cards the game added since the catalog's last import, proposed from screenshots (issue #36).
// The reader reads a tile whose name matches no card as printed (code and name); each upload that
// does counts a sighting and keeps a few of the tiles, a publish with such a card writes the name
// a player checked, and a moderator approves the card into the catalog or rejects it.
import sharp from 'sharp';
import { sql } from 'kysely';
import type { CardProposal } from '../../common/api/moderation';
import type { Db } from '../db/connect';
import { newId, nowIso } from '../db/ids';
import { imageUrlOf, type ImageStore } from '../images/image-store';
import { normalizeCard } from './normalize-card';

/** Tiles kept per proposal: enough for a moderator to compare the code and name read, few enough to cost nothing. */
export const EXAMPLE_TILES_PER_PROPOSAL = 3;
/** Width an example tile is kept at: its small printed code stays legible. */
const EXAMPLE_TILE_WIDTH = 320;

/** A tile an upload read as a card the catalog lacks; `box` as shares (0..1) of the image's size. */
export interface UnknownTile {
  code: string | null;
  name: string;
  box: { left: number; top: number; width: number; height: number };
}

interface ProposalDeps {
  db: Db;
  images: ImageStore;
}

/** The open or decided proposal of a code, inserted when there is none; `seen` adds to its count. */
async function proposalOf(db: Db, code: string, name: string, seen: number) {
  const at = nowIso();
  await db
    .insertInto('card_proposals')
    .values({ id: newId(), code, name, seen_count: seen, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({ seen_count: sql`card_proposals.seen_count + ${seen}`, updated_at: at }),
    )
    .execute();
  return db.selectFrom('card_proposals').select(['id', 'status']).where('code', '=', code).executeTakeFirstOrThrow();
}

/** The catalog codes among `codes`: a code the catalog has is a misread name, not a new card. */
async function catalogCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('cards').select('code').where('code', 'in', codes).execute();
  return new Set(rows.map((row) => row.code));
}

/**
 * Records the cards an upload read that the catalog lacks: one sighting each (tiles without a code
 * read are left to the player), and the tile as an example while its proposal has fewer than
 * EXAMPLE_TILES_PER_PROPOSAL. `image` is the upload the tiles were read from.
 */
export async function recordUnknownTiles(deps: ProposalDeps, image: Buffer, tiles: UnknownTile[]): Promise<void> {
  const withCode = tiles.filter((tile): tile is UnknownTile & { code: string } => tile.code !== null);
  const known = await catalogCodes(
    deps.db,
    withCode.map((tile) => tile.code),
  );
  const seen = new Set<string>();
  let oriented: Promise<OrientedPixels> | null = null;
  for (const tile of withCode) {
    if (known.has(tile.code) || seen.has(tile.code)) continue;
    seen.add(tile.code);
    const proposal = await proposalOf(deps.db, tile.code, tile.name, 1);
    if (proposal.status !== 'open') continue;
    const { n } = await deps.db
      .selectFrom('card_proposal_examples')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= EXAMPLE_TILES_PER_PROPOSAL) continue;
    // The tile was found in the image turned upright by its EXIF orientation, as the reader decodes it.
    // Decoded once to raw pixels for all the tiles cut from it: no encoding of the whole upload.
    oriented ??= sharp(image)
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height, channels: info.channels }));
    // An example is a help to the moderators, not part of the player's answer: a store that
    // fails here (a bucket down) leaves the sighting counted and the reading answered.
    try {
      const key = await deps.images.save(await cutTile(await oriented, tile.box));
      await deps.db
        .insertInto('card_proposal_examples')
        .values({ proposal_id: proposal.id, image_key: key, created_at: nowIso() })
        .execute();
    } catch (error) {
      console.error(`could not keep an example tile of proposed card ${tile.code}:`, error);
    }
  }
}

interface OrientedPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

async function cutTile(image: OrientedPixels, box: UnknownTile['box']): Promise<Buffer> {
  const left = Math.max(0, Math.floor(box.left * image.width));
  const top = Math.max(0, Math.floor(box.top * image.height));
  const width = Math.max(1, Math.min(image.width - left, Math.ceil(box.width * image.width)));
  const height = Math.max(1, Math.min(image.height - top, Math.ceil(box.height * image.height)));
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .extract({ left, top, width, height })
    .resize({ width: EXAMPLE_TILE_WIDTH, withoutEnlargement: true })
    .png()
    .toBuffer();
}

/** Why a card published as new cannot be, or null: a rejected proposal is not proposed again. */
export async function refusedNewCard(db: Db, code: string): Promise<'rejected' | null> {
  const row = await db.selectFrom('card_proposals').select('status').where('code', '=', code).executeTakeFirst();
  return row?.status === 'rejected' ? 'rejected' : null;
}

/** Proposes the new cards of a published deck with the names its player wrote (a person checked them). */
export async function proposeFromPublish(db: Db, cards: Array<{ code: string; name: string }>): Promise<void> {
  for (const card of cards) {
    await proposalOf(db, card.code, card.name, 0);
    await db
      .updateTable('card_proposals')
      .set({ name: card.name })
      .where('code', '=', card.code)
      .where('status', '=', 'open')
      .execute();
  }
}

/** The open proposals, the most seen first, with their example tiles and the decks holding them. */
export async function listOpenProposals(db: Db): Promise<CardProposal[]> {
  const rows = await db
    .selectFrom('card_proposals as p')
    .select((eb) => [
      'p.id',
      'p.code',
      'p.name',
      'p.seen_count',
      'p.created_at',
      eb
        .selectFrom('deck_cards')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('deck_cards.card_code', '=', 'p.code')
        .as('deck_count'),
    ])
    .where('p.status', '=', 'open')
    .orderBy('p.seen_count', 'desc')
    .orderBy('p.created_at')
    .execute();
  const examples =
    rows.length === 0
      ? []
      : await db
          .selectFrom('card_proposal_examples')
          .select(['proposal_id', 'image_key'])
          .where(
            'proposal_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('created_at')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    seenCount: Number(row.seen_count),
    deckCount: Number(row.deck_count ?? 0),
    examples: examples.filter((e) => e.proposal_id === row.id).map((e) => imageUrlOf(e.image_key)),
    createdAt: row.created_at,
  }));
}

export type Decision =
  | { outcome: 'done'; code: string; name: string }
  | { outcome: 'missing' }
  | { outcome: 'decided' }
  | { outcome: 'code-taken'; code: string };

/**
 * Decides an open proposal: approved, the card enters the catalog (the catalog's version changes,
 * so every reader's index is rebuilt as after an import: ocr/catalog/catalog-index-cache.ts);
 * rejected, it stays out. The status changes only from open, so of two moderators one decides.
 */
export async function decideProposal(
  db: Db,
  id: string,
  moderatorId: string,
  status: 'approved' | 'rejected',
): Promise<Decision> {
  return db.transaction().execute(async (trx) => {
    const proposal = await trx
      .selectFrom('card_proposals')
      .select(['code', 'name', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!proposal) return { outcome: 'missing' };
    if (proposal.status !== 'open') return { outcome: 'decided' };
    if (status === 'approved' && (await catalogCodes(trx, [proposal.code])).size > 0)
      return { outcome: 'code-taken', code: proposal.code };
    const changed = await trx
      .updateTable('card_proposals')
      .set({ status, decided_by: moderatorId, decided_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return { outcome: 'decided' };
    if (status === 'approved') {
      const row = normalizeCard({ Code: proposal.code, Name: proposal.name });
      if (!row) throw new Error(`proposal ${id} holds no card: ${proposal.code} ${proposal.name}`);
      await trx.insertInto('cards').values(row).execute();
    }
    return { outcome: 'done', code: proposal.code, name: proposal.name };
  });
}

/** Every example tile kept: the start-up sweep leaves them in the image store. */
export async function proposalImageKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('card_proposal_examples').select('image_key').execute();
  return new Set(rows.map((row) => row.image_key));
}
