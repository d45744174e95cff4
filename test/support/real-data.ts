/**
 * The real data the OCR and catalog tests read, all inside the repository: the card list the server
 * ships (catalog/) and one real in-game share image with its right answer (test/fixtures/).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cardsFromList } from '../../src/server/ocr/catalog/card-list';
import type { CatalogCard } from '../../src/server/ocr/catalog/catalog-index';
import { BUNDLED_CARDS_FILE } from '../../src/server/demo/catalog-setup';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
export const CATALOG_FILE = BUNDLED_CARDS_FILE;
export const REAL_SCREENSHOT = path.join(FIXTURES, 'share-image-1.jpg');
export const REAL_SCREENSHOT_ANSWER = path.join(FIXTURES, 'share-image-1.json');

export function loadRealCatalog(): CatalogCard[] {
  return cardsFromList(JSON.parse(readFileSync(CATALOG_FILE, 'utf8')));
}
