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
  const [header, ...lines] = parseCsv(trimmed);
  const index = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
  const [code, name, rarity, type] = ['Code', 'Name', 'Rarity', 'Type'].map(index);
  if (code < 0 || name < 0) throw new Error('CSV needs Code and Name columns');
  return lines.map((cells) => ({ Code: cells[code], Name: cells[name], Rarity: cells[rarity] ?? '', Type: cells[type] ?? '' }));
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  row.push(field);
  rows.push(row);
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
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
  for (const row of byCode.values()) codesByName.set(row.name_norm, [...(codesByName.get(row.name_norm) ?? []), row.code]);
  const duplicateNames = [...byCode.values()].filter((r) => (codesByName.get(r.name_norm)?.length ?? 0) > 1).map((r) => r.name);
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
