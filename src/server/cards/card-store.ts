import type { Db } from '../db/connect';
import { normalizeName } from '../../common/text';
import type { Card } from '../../common/api/cards';
import type { CardRow } from './normalize-card';

/** Rows per insert statement, well under SQLite's bound-parameter limit. */
const BATCH = 500;

export async function listCards(db: Db): Promise<Card[]> {
  const rows = await db
    .selectFrom('cards')
    .select(['name', 'code', 'rarity'])
    .orderBy('name')
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ Name: r.name, Code: r.code, Rarity: r.rarity }));
}

/** Every catalog card with code and name, for OCR matching. */
export async function listCatalog(db: Db): Promise<{ code: string; name: string }[]> {
  return db.selectFrom('cards').select(['code', 'name']).orderBy('code').execute();
}

/** The card of a name, ignoring accents, case and punctuation ("cano cristales" finds "Caño Cristales"). */
export async function findCardByName(db: Db, name: string): Promise<Card | undefined> {
  const row = await db
    .selectFrom('cards')
    .select(['name', 'code'])
    .where('name_norm', '=', normalizeName(name))
    .orderBy('code')
    .executeTakeFirst();
  return row && { Name: row.name, Code: row.code };
}

/** Whether the catalog has a card of that exact code. */
export async function hasCard(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('cards').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export async function countCards(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A number that changes whenever a card is added, removed, or gets another code or name. */
export async function catalogVersion(db: Db): Promise<number> {
  const { n } = await db.selectFrom('catalog_version').select('n').executeTakeFirstOrThrow();
  return Number(n);
}

/** Inserts new cards and updates known ones by code. */
export async function upsertCards(db: Db, rows: CardRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto('cards')
        .values(rows.slice(i, i + BATCH))
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            name_norm: eb.ref('excluded.name_norm'),
            rarity: eb.ref('excluded.rarity'),
            type: eb.ref('excluded.type'),
            album: eb.ref('excluded.album'),
            collection: eb.ref('excluded.collection'),
          })),
        )
        .execute();
    }
  });
}

/**
 * The catalog card of each name (ignoring accents, case and punctuation), keyed by the normalised
 * name; the lowest code of a name, as findCardByName. Names the catalog lacks are left out.
 */
export async function findCardsByNames(db: Db, names: string[]): Promise<Map<string, { code: string; name: string }>> {
  const keys = [...new Set(names.map(normalizeName))].filter(Boolean);
  const found = new Map<string, { code: string; name: string }>();
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom('cards')
    .select(['code', 'name', 'name_norm'])
    .where('name_norm', 'in', keys)
    .orderBy('code')
    .execute();
  for (const row of rows) if (!found.has(row.name_norm)) found.set(row.name_norm, { code: row.code, name: row.name });
  return found;
}
