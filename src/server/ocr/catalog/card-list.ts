/**
 * Loads a card list shaped like the community's cue-cards.json (`[{Code, Name, Rarity, Type}]`)
 * into the `{code, name}` pairs the OCR index needs, skipping rows without both.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CatalogIndex, type CatalogCard } from './catalog-index';

const cardListSchema = z.array(z.looseObject({ Code: z.unknown(), Name: z.unknown() }));

export function cardsFromList(list: unknown): CatalogCard[] {
  return cardListSchema
    .parse(list)
    .filter(
      (row) =>
        typeof row.Code === 'string' &&
        typeof row.Name === 'string' &&
        row.Code.trim() !== '' &&
        row.Name.trim() !== '',
    )
    .map((row) => ({ code: (row.Code as string).trim(), name: (row.Name as string).trim() }));
}

export async function loadCatalogIndex(file: string): Promise<CatalogIndex> {
  return new CatalogIndex(cardsFromList(JSON.parse(await readFile(file, 'utf8'))));
}
