// The card list a server starts with: a list the operator names (CARDS_FILE), imported before the
// demo data, and a line in the log saying how many cards the catalog holds and whether they are
// only the demo cards (which no real screenshot shows: uploads then read names but match none).
import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { listCatalog } from '../cards/card-store';
import { importCards, parseCardList } from '../cards/import-cards';
import { demoCatalog } from './demo-catalog';

/** Imports `file` into the catalog (an upsert by code: running it at every start changes nothing twice). */
export async function importCardsFile(db: Db, file: string, log: FastifyBaseLogger): Promise<void> {
  const report = await importCards(db, parseCardList(await fs.readFile(file, 'utf8')));
  log.info({ file, ...report }, `card list imported from ${file}: ${report.imported} cards`);
}

/** Whether every card of the catalog is a demo card. */
export async function catalogSummary(db: Db): Promise<{ cards: number; demoOnly: boolean }> {
  const demoCodes = new Set(demoCatalog().map((card) => card.Code));
  const catalog = await listCatalog(db);
  return { cards: catalog.length, demoOnly: catalog.length > 0 && catalog.every((card) => demoCodes.has(card.code)) };
}

export async function logCatalog(db: Db, log: FastifyBaseLogger): Promise<void> {
  const { cards, demoOnly } = await catalogSummary(db);
  if (demoOnly) log.warn({ cards, demoOnly }, `the card catalog holds ${cards} demo cards only: real screenshots will match none (import the real list with CARDS_FILE or npm run cards:import)`);
  else log.info({ cards, demoOnly }, `the card catalog holds ${cards} cards`);
}
