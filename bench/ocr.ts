/**
 * OCR benchmark: accuracy and speed of the deck screenshot reader with a warm worker pool.
 *   npm run bench:ocr [-- --images 40 --verbose]
 * Reads the real share screenshot from ../shared and N generated screenshots (seeded, so runs are
 * comparable), then prints card recall / precision, deck-code exact rate, time per image and peak RSS.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cardsFromList } from '../src/server/ocr/card-list';
import { CatalogIndex } from '../src/server/ocr/catalog-index';
import { generateScreenshot } from '../test/support/generate-screenshot';
import { readDeckImage } from '../src/server/ocr/read-deck';
import { createOcrPool } from '../src/server/ocr/worker-pool';

const shared = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const { values } = parseArgs({ options: { images: { type: 'string', default: '40' }, verbose: { type: 'boolean', default: false } } });
const imageCount = Number(values.images);
const loadAtStart = os.loadavg()[0];

const catalog = cardsFromList(JSON.parse(await readFile(path.join(shared, 'cue-cards.json'), 'utf8')));
const index = new CatalogIndex(catalog);
const poolStarted = performance.now();
const pool = await createOcrPool();
const poolMs = performance.now() - poolStarted;

interface Truth {
  deck_code: string | null;
  cards: Array<{ code: string; name: string }>;
}

const times: number[] = [];
/** CPU time of the whole process (main thread and tesseract worker threads), in ms. */
let cpuMs = 0;
async function timedRead(image: Buffer): Promise<Awaited<ReturnType<typeof readDeckImage>>> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const reading = await readDeckImage(image, { pool, index });
  const cpu = process.cpuUsage(cpuBefore);
  cpuMs += (cpu.user + cpu.system) / 1000;
  times.push(performance.now() - started);
  return reading;
}

const key = (c: { code: string; name: string }): string => `${c.code}|${c.name}`;

// The real screenshot: all 18 cards in order and the deck code, exactly.
const realTruth = JSON.parse(await readFile(path.join(shared, 'screenshots', 'share-image-1.json'), 'utf8')) as Truth;
const real = await timedRead(await readFile(path.join(shared, 'screenshots', 'share-image-1.jpg')));
const realInOrder = real.cards.filter((c, i) => realTruth.cards[i] && key(realTruth.cards[i]) === key(c)).length;
const realCodeExact = real.deck_code === realTruth.deck_code;

let truePositives = 0;
let expected = 0;
let returned = 0;
let codesExact = 0;
for (let seed = 1; seed <= imageCount; seed++) {
  const generated = await generateScreenshot(catalog, { seed });
  const reading = await timedRead(generated.image);
  const wanted = new Set(generated.truth.cards.map(key));
  const hits = reading.cards.filter((c) => wanted.has(key(c))).length;
  truePositives += hits;
  expected += wanted.size;
  returned += reading.cards.length;
  if (reading.deck_code === generated.truth.deck_code) codesExact++;
  if (values.verbose && (hits < wanted.size || reading.cards.length > hits || reading.deck_code !== generated.truth.deck_code)) {
    const got = new Set(reading.cards.map(key));
    console.log(`seed ${seed} (${generated.width}px q${generated.quality}): code ${reading.deck_code} vs ${generated.truth.deck_code}`);
    for (const c of generated.truth.cards) if (!got.has(key(c))) console.log(`  missed ${key(c)}`);
    for (const c of reading.cards) if (!wanted.has(key(c))) console.log(`  wrong  ${key(c)} (${c.confidence})`);
  }
}
await pool.close();

const sorted = [...times].sort((a, b) => a - b);
const quantile = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const percent = (n: number, d: number): string => `${((100 * n) / Math.max(1, d)).toFixed(2)} %`;
const rows: Array<[string, string, string]> = [
  ['real screenshot: cards in order', `${realInOrder}/18`, '18/18'],
  ['real screenshot: deck code exact', realCodeExact ? `yes (${real.deck_code})` : `no (${real.deck_code})`, 'yes'],
  [`generated (${imageCount}): card recall`, percent(truePositives, expected), '≥ 99.5 %'],
  [`generated (${imageCount}): card precision`, percent(truePositives, returned), '≥ 99.5 %'],
  [`generated (${imageCount}): deck code exact`, percent(codesExact, imageCount), '≥ 97 %'],
  [`time per image, median (${times.length} images)`, `${Math.round(quantile(0.5))} ms`, '≤ 1500 ms'],
  ['time per image, p95', `${Math.round(quantile(0.95))} ms`, '≤ 3000 ms'],
  // Wall time depends on what else runs on the machine; CPU time per image does not.
  ['CPU time per image (all threads)', `${Math.round(cpuMs / times.length)} ms`, ''],
  [`pool start + warm-up (${pool.size} workers)`, `${Math.round(poolMs)} ms`, ''],
  ['machine load average at start (1 min)', `${loadAtStart.toFixed(1)} on ${os.availableParallelism()} cores`, ''],
  ['peak RSS', `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`, ''],
];
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'result', 'target'][i].length));
const line = (r: string[]): string => `| ${r.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(line(['measure', 'result', 'target']));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
