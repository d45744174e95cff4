/**
 * Paths of the shared reference data the OCR tests read (never copied into the project): CI has
 * it at `../shared` beside the checkout.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cardsFromList } from '../../src/server/ocr/card-list';
import type { CatalogCard } from '../../src/server/ocr/catalog-index';

export const SHARED_DATA = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data');
export const CATALOG_FILE = path.join(SHARED_DATA, 'cue-cards.json');
export const REAL_SCREENSHOT = path.join(SHARED_DATA, 'screenshots', 'share-image-1.jpg');
export const REAL_SCREENSHOT_ANSWER = path.join(SHARED_DATA, 'screenshots', 'share-image-1.json');

export function loadSharedCatalog(): CatalogCard[] {
  return cardsFromList(JSON.parse(readFileSync(CATALOG_FILE, 'utf8')));
}
