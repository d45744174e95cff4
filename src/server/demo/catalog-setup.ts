// The card list a server starts with: the community's list shipped in catalog/, loaded into an empty
// catalog at the first start, or a list the operator names (CARDS_FILE), imported at every start.
// Both come before the demo data, whose decks are made of the catalog's cards.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { countCards } from '../cards/card-store';
import { importCards, parseCardList } from '../cards/import-cards';
import { PROJECT_ROOT } from '../project-root';

/** The community's card list (mid-2024) that ships with the project; catalog/README.md says where it comes from. */
export const BUNDLED_CARDS_FILE = path.join(PROJECT_ROOT, 'catalog/cue-cards.json');

/** Imports `file` into the catalog (an upsert by code: running it at every start changes nothing twice). */
export async function importCardsFile(db: Db, file: string, log: FastifyBaseLogger): Promise<void> {
  const report = await importCards(db, parseCardList(await fs.readFile(file, 'utf8')));
  log.info({ file, ...report }, `card list imported from ${file}: ${report.imported} cards`);
}

/**
 * `cardsFile` when given; otherwise the shipped list, only into an empty catalog (a catalog an
 * operator updated with `npm run cards:import` is left as it is).
 */
export async function setUpCatalog(db: Db, cardsFile: string | undefined, log: FastifyBaseLogger): Promise<void> {
  if (cardsFile) await importCardsFile(db, cardsFile, log);
  else if ((await countCards(db)) === 0) await importCardsFile(db, BUNDLED_CARDS_FILE, log);
}

export async function logCatalog(db: Db, log: FastifyBaseLogger): Promise<void> {
  const cards = await countCards(db);
  if (cards === 0)
    log.warn(
      { cards },
      'the card catalog is empty: uploads will match no card (import a card list with CARDS_FILE or npm run cards:import)',
    );
  else log.info({ cards }, `the card catalog holds ${cards} cards`);
}
