import { parse as parseCsv } from 'csv-parse/sync';
import type { Db } from '../db/connect';
import { normalizeCard, type CardRow, type RawCard } from './normalize-card';
import { countCards, upsertCards } from './card-store';

export interface ImportReport {
  read: number;
  imported: number;
  /** Rows without a usable code or name. */
  invalid: number;
  /** Codes listed more than once; the last row of each wins. */
  duplicateCodes: string[];
  /** Names shared by different codes (kept: they are different cards). */
  duplicateNames: string[];
  totalInCatalog: number;
}

/** Parses a card list: a JSON array of {Code, Name, Rarity, Type}, or CSV with those headers. */
export function parseCardList(text: string): RawCard[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as RawCard[];
  // RFC 4180: quoted fields may hold commas, quotes ("") and line breaks; blank lines are skipped.
  const [header, ...lines] = parseCsv(trimmed, {
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  }) as string[][];
  const index = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
  const [code, name, rarity, type] = ['Code', 'Name', 'Rarity', 'Type'].map(index);
  if (code < 0 || name < 0) throw new Error('CSV needs Code and Name columns');
  return lines.map((cells) => ({
    Code: cells[code],
    Name: cells[name],
    Rarity: cells[rarity] ?? '',
    Type: cells[type] ?? '',
  }));
}

/** Loads a card list into the catalog idempotently (upsert by code), reporting what it found odd. */
export async function importCards(db: Db, raw: RawCard[]): Promise<ImportReport> {
  const byCode = new Map<string, CardRow>();
  const duplicateCodes = new Set<string>();
  let invalid = 0;
  for (const card of raw) {
    const row = normalizeCard(card);
    if (!row) {
      invalid++;
      continue;
    }
    if (byCode.has(row.code)) duplicateCodes.add(row.code);
    byCode.set(row.code, row);
  }
  const codesByName = new Map<string, string[]>();
  for (const row of byCode.values())
    codesByName.set(row.name_norm, [...(codesByName.get(row.name_norm) ?? []), row.code]);
  const duplicateNames = [...byCode.values()]
    .filter((r) => (codesByName.get(r.name_norm)?.length ?? 0) > 1)
    .map((r) => r.name);
  await upsertCards(db, [...byCode.values()]);
  return {
    read: raw.length,
    imported: byCode.size,
    invalid,
    duplicateCodes: [...duplicateCodes],
    duplicateNames: [...new Set(duplicateNames)],
    totalInCatalog: await countCards(db),
  };
}
