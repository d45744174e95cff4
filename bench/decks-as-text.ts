/**
 * Decks as text and built decks (issue #39): how long the server takes to read a pasted list
 * against the real 5,005-card catalog (POST /api/cards/parse-list, at its size limits) and to draw
 * a built deck's image (POST /api/decks/post/ without a screenshot). The parse yields to the event
 * loop every few lines: "loop lateness" is the longest the loop waited during one parse, against
 * the same parse done in one turn (what the route did before).
 *   npm run bench:decks-text
 */
import { readFile } from 'node:fs/promises';
import { cardsFromList } from '../src/server/ocr/catalog/card-list';
import { CatalogIndex } from '../src/server/ocr/catalog/catalog-index';
import { LINES_PER_TURN, parseCardList } from '../src/server/ocr/catalog/parse-card-list';
import { renderDeckImage } from '../src/server/demo/render-deck-image';
import { MAX_CARD_LIST_LINES } from '../src/common/limits';
import { seededRandom } from '../src/common/seeded-random';
import { CATALOG_FILE } from '../test/support/real-data';

const catalog = cardsFromList(JSON.parse(await readFile(CATALOG_FILE, 'utf8')));
const built = performance.now();
const index = new CatalogIndex(catalog);
const buildMs = performance.now() - built;
const random = seededRandom(39);
const pick = () => catalog[Math.floor(random() * catalog.length)];
/** A typo: one letter of the name dropped. */
const typo = (name: string) => {
  const at = Math.floor(random() * name.length);
  return name.slice(0, at) + name.slice(at + 1);
};

const lists: Record<string, () => string> = {
  '18 names and codes': () =>
    Array.from({ length: 18 }, () => {
      const card = pick();
      return `${card.name} (${card.code})`;
    }).join('\n'),
  '18 names, lower case': () => Array.from({ length: 18 }, () => pick().name.toLowerCase()).join('\n'),
  [`${MAX_CARD_LIST_LINES} names with a typo`]: () =>
    Array.from({ length: MAX_CARD_LIST_LINES }, () => typo(pick().name)).join('\n'),
  [`${MAX_CARD_LIST_LINES} lines of noise`]: () =>
    Array.from(
      { length: MAX_CARD_LIST_LINES },
      () => `${random().toString(36).slice(2)} ${random().toString(36).slice(2)}`,
    ).join('\n'),
};

/** The work's result and the longest the event loop waited while it ran (a probe re-queued every turn). */
async function withLoopLateness<T>(work: () => Promise<T>): Promise<{ result: T; lateMs: number }> {
  let last = performance.now();
  let worst = 0;
  let running = true;
  const probe = () => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (running) setImmediate(probe);
  };
  setImmediate(probe);
  const result = await work();
  running = false;
  return { result, lateMs: Math.max(worst, performance.now() - last) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const rows: string[][] = [];
for (const [label, make] of Object.entries(lists)) {
  const times: number[] = [];
  const late: number[] = [];
  const lateInOneTurn: number[] = [];
  let found = 0;
  let lines = 0;
  for (let run = 0; run < 30; run++) {
    const text = make();
    const started = performance.now();
    const { result, lateMs } = await withLoopLateness(() => parseCardList(index, text));
    times.push(performance.now() - started);
    late.push(lateMs);
    lateInOneTurn.push((await withLoopLateness(() => parseCardList(index, text, Infinity))).lateMs);
    found += result.cards.length;
    lines += result.cards.length + result.unknown.length;
  }
  for (const list of [times, late, lateInOneTurn]) list.sort((a, b) => a - b);
  rows.push([
    label,
    percentile(times, 0.5).toFixed(1),
    percentile(times, 0.95).toFixed(1),
    `${((100 * found) / lines).toFixed(0)}%`,
    percentile(late, 0.95).toFixed(1),
    percentile(lateInOneTurn, 0.95).toFixed(1),
  ]);
}
const renderTimes: number[] = [];
for (let run = 0; run < 20; run++) {
  const cards = Array.from({ length: 18 }, pick);
  const started = performance.now();
  await renderDeckImage('A built deck', cards);
  renderTimes.push(performance.now() - started);
}
renderTimes.sort((a, b) => a - b);

console.log(`catalog index for ${catalog.length} cards built in ${buildMs.toFixed(0)} ms\n`);
console.log(
  `| parse-list input | median ms | p95 ms | lines matched | loop lateness p95 ms (${LINES_PER_TURN} lines a turn) | loop lateness p95 ms (one turn) |`,
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
  `\n| built deck image (18 cards, 600 px PNG) | median ${percentile(renderTimes, 0.5).toFixed(0)} ms | p95 ${percentile(renderTimes, 0.95).toFixed(0)} ms |`,
);
