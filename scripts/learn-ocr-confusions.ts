/**
 * Rebuilds the table of OCR's confusions the catalog's matching forgives
 * (src/server/ocr/catalog/ocr-confusions.json, its counts in ocr-confusions.txt):
 *   npm run ocr:learn-confusions             reads the images, learns, keeps the reads (about 30 minutes)
 *   npm run ocr:learn-confusions -- --reads  learns again from the reads kept (ocr-reads.json)
 * Every name of the card list is printed once, eighteen to a generated share image, each image
 * through the next of the benchmark's classes (restyled tiles and other faces, photos of a screen,
 * small, blurred, tinted copies...); then the benchmark's images of tuning seeds 400-419, every
 * class, the real screenshot's copies among them. Each image is read as the reader reads it, and
 * each tile's reads of its name and printed code are paired with the card it shows, aligned with
 * the print, and the edits tesseract made habitually are the table (learn-confusions.ts). The
 * images use tuning seeds (1-499) only. Which tiles get a second look depends on the table in use,
 * so reading the images again may give a few other reads; learning from the kept ones does not.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import {
  AUGMENT_CLASSES,
  augmentRandom,
  baseImages,
  generatedBase,
  realBaseImage,
  type BaseImage,
  type Truth,
} from '../bench/augment';
import { DECK_SIZE } from '../src/common/game';
import { CatalogIndex, nameKey, type CatalogCard } from '../src/server/ocr/catalog/catalog-index';
import {
  confusionHabits,
  countEdits,
  editCountsText,
  type PrintedRead,
} from '../src/server/ocr/catalog/learn-confusions';
import { readDeckInThisThread } from '../src/server/ocr/pipeline/read-deck';
import { tileName, type StageTrace } from '../src/server/ocr/pipeline/trace';
import { createOcrPool } from '../src/server/ocr/runtime/worker-pool';
import { loadRealCatalog, REAL_SCREENSHOT, REAL_SCREENSHOT_ANSWER } from '../test/support/real-data';

const DIR = path.resolve(import.meta.dirname, '..', 'src', 'server', 'ocr', 'catalog');
const TABLE_FILE = path.join(DIR, 'ocr-confusions.json');
const COUNTS_FILE = path.join(DIR, 'ocr-confusions.txt');
/** The reads learnt from, every distinct one once: the table is learnt again from them in a second. */
const READS_FILE = path.join(DIR, 'ocr-reads.json');

const { values } = parseArgs({ options: { reads: { type: 'boolean', default: false } } });
/** The benchmark's tuning seeds whose images are read too (1-499 are tuning seeds; the benchmark reports others). */
const SEEDS = { first: 400, last: 419 };

/** A trace that keeps the decisions only: what each tile's name and code were read as. */
function decisionsTrace(): StageTrace & { notes: Map<string, unknown> } {
  const notes = new Map<string, unknown>();
  return { notes, region() {}, ocrCrop() {}, note: (key, value) => notes.set(key, value) };
}

interface TileNote {
  name_read: { text: string };
}
interface SecondLook {
  code_read: string;
  readings: Array<{ text: string }>;
}

const spelled = (text: string): string => nameKey(text).replace(/ /g, '');
const asCode = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each tile's reads of its name and code, paired with what the tile prints. */
function printedReads(notes: Map<string, unknown>, truth: Truth): PrintedRead[] {
  const tiles = notes.get('tiles') as TileNote[] | undefined;
  // Another number of tiles is a grid found wrong, whose tiles are not the truth's in order.
  if (!tiles || tiles.length !== truth.cards.length) return [];
  const seconds = (notes.get('second_looks') ?? {}) as Record<string, SecondLook>;
  const enlarged = (
    notes.get('enlarged_names') as { tiles: Record<string, { name_read: { text: string } }> } | undefined
  )?.tiles;
  return tiles.flatMap((tile, i) => {
    const card = truth.cards[i];
    const key = tileName(i);
    const names = [tile.name_read.text, ...(seconds[key]?.readings ?? []).slice(1).map((r) => r.text)];
    if (enlarged?.[key]) names.push(enlarged[key].name_read.text);
    const codes = (seconds[key]?.code_read ?? '').split('\n').filter((line) => line.trim());
    return [
      ...names.map((text) => ({ printed: spelled(card.name), read: spelled(text) })),
      ...codes.map((text) => ({ printed: asCode(card.code), read: asCode(text) })),
    ].filter((pair) => pair.read.length > 0);
  });
}

/**
 * The catalog's names, one card of each, in decks of eighteen (the last made up from the first).
 * A deck holds distinct codes too: the card list prints ACN0065 on two cards, and the generator
 * draws a deck of distinct codes.
 */
function decksOfEveryName(catalog: CatalogCard[]): CatalogCard[][] {
  const names = new Set<string>();
  const codes = new Set<string>();
  const cards = catalog.filter((card) => {
    const key = nameKey(card.name);
    if (!key || names.has(key) || codes.has(card.code)) return false;
    names.add(key);
    codes.add(card.code);
    return true;
  });
  const decks: CatalogCard[][] = [];
  for (let at = 0; at < cards.length; at += DECK_SIZE) {
    const deck = cards.slice(at, at + DECK_SIZE);
    decks.push(deck.length < DECK_SIZE ? [...deck, ...cards.slice(0, DECK_SIZE - deck.length)] : deck);
  }
  return decks;
}

/** Every read of the images, each distinct pair of print and read once. */
async function readImages(): Promise<PrintedRead[]> {
  const catalog = loadRealCatalog();
  const index = new CatalogIndex(catalog);
  const realTruth = JSON.parse(await readFile(REAL_SCREENSHOT_ANSWER, 'utf8')) as Truth;
  const realBase = await realBaseImage(await readFile(REAL_SCREENSHOT), realTruth);
  const pool = await createOcrPool();
  const reads = new Map<string, PrintedRead>();
  const read = async (classIndex: number, baseIndex: number, base: BaseImage, seed: number) => {
    const sample = await AUGMENT_CLASSES[classIndex].apply(base, augmentRandom(classIndex, baseIndex, seed));
    const trace = decisionsTrace();
    await readDeckInThisThread(sample.image, { pool, index, trace });
    // The real screenshot's copies read its names alike in class after class: one misread of
    // one print is counted once.
    for (const pair of printedReads(trace.notes, sample.truth)) reads.set(`${pair.printed}>${pair.read}`, pair);
  };
  try {
    const decks = decksOfEveryName(catalog);
    for (const [k, deck] of decks.entries()) {
      const classIndex = k % AUGMENT_CLASSES.length;
      const augment = AUGMENT_CLASSES[classIndex];
      // This deck's cards, not the class's own choice of them (short names).
      await read(classIndex, 1, await generatedBase({ ...augment, deckFrom: undefined }, k + 1, deck), k + 1);
      if (k % 20 === 19) process.stderr.write(`${k + 1} of ${decks.length} decks, ${reads.size} distinct reads\n`);
    }
    // Then the benchmark's own images of some tuning seeds: fewer names, each printed in every
    // class, so a name's misreads under each spoiling are seen side by side.
    for (let seed = SEEDS.first; seed <= SEEDS.last; seed++) {
      for (const [classIndex, augment] of AUGMENT_CLASSES.entries()) {
        const bases = await baseImages(augment, seed, catalog, realBase);
        for (const [baseIndex, base] of bases.entries()) await read(classIndex, baseIndex, base, seed);
      }
      process.stderr.write(`seed ${seed}, ${reads.size} distinct reads\n`);
    }
  } finally {
    await pool.close();
  }
  return [...reads.values()].sort((a, b) => a.printed.localeCompare(b.printed) || a.read.localeCompare(b.read));
}

const reads: PrintedRead[] = values.reads
  ? (JSON.parse(await readFile(READS_FILE, 'utf8')) as PrintedRead[])
  : await readImages();
if (!values.reads) await writeFile(READS_FILE, `${JSON.stringify(reads)}\n`);

const counts = countEdits(reads);
const table = confusionHabits(counts);
const options = await resolveConfig(TABLE_FILE);
await writeFile(TABLE_FILE, await format(JSON.stringify(table), { ...options, parser: 'json' }));
await writeFile(COUNTS_FILE, `${editCountsText(counts, reads.length)}\n`);
process.stdout.write(`${JSON.stringify(table)}\n`);
