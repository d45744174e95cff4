/**
 * The line model's own confusions on deck codes, learnt (`line-misreads.json`, rebuilt by
 * `npm run ocr:train-code -- --line`): which printed characters tesseract's line read gives as
 * which others, counted on the labelled headers the glyph set is cut from. The classifier's
 * look-alikes are the pairs whose glyphs look alike; these are the pairs the line model reads
 * alike. A D is a look-alike of a 0 to the classifier, but the line model never read a D as 0:
 * where the line reads 0, the glyph is a 0 or an O, and a D must show itself plainly.
 */
import learnt from './line-misreads.json';

/** A code line as printed and as the line model read it. */
export interface LineRead {
  printed: string;
  read: string;
}

/** For each printed character, the characters the line model habitually reads it as. */
export type LineMisreadTable = Record<string, string>;

/**
 * A misreading is the line model's habit when it gives this share of a character's reads, and at
 * least MIN_HABIT_READS of them: below that it is a glyph spoilt on one header, not a habit.
 */
export const HABIT_SHARE = 0.1;
export const MIN_HABIT_READS = 3;

/** How often each printed character was read as each character (itself included), by position. */
export function countLineReads(reads: LineRead[]): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  // A read of another length lost or gained a character: its positions say nothing of which.
  for (const { printed, read } of reads.filter((r) => r.read.length === r.printed.length)) {
    [...printed].forEach((char, i) => {
      const row = counts.get(char) ?? new Map<string, number>();
      row.set(read[i], (row.get(read[i]) ?? 0) + 1);
      counts.set(char, row);
    });
  }
  return counts;
}

/** How often a printed character was read at all. */
const readsOf = (row: Map<string, number>): number => [...row.values()].reduce((sum, n) => sum + n, 0);

/** The habits among the counts (HABIT_SHARE, MIN_HABIT_READS). */
export function lineMisreadTable(counts: Map<string, Map<string, number>>): LineMisreadTable {
  const table: LineMisreadTable = {};
  for (const [char, row] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const total = readsOf(row);
    const habits = [...row]
      .filter(([read, n]) => read !== char && n >= MIN_HABIT_READS && n / total >= HABIT_SHARE)
      .map(([read]) => read)
      .sort();
    if (habits.length > 0) table[char] = habits.join('');
  }
  return table;
}

/** The counts as text: a row per character ever misread, its reads and what it was read as. */
export function lineReadsText(counts: Map<string, Map<string, number>>, headers: number): string {
  const lines = [
    `line reads of ${headers} labelled headers, by printed character (reads of the printed length only)`,
    'char  reads  right  read as',
  ];
  for (const [char, row] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const total = readsOf(row);
    const wrong = [...row].filter(([read]) => read !== char).sort((a, b) => b[1] - a[1]);
    if (wrong.length === 0) continue;
    const right = String(row.get(char) ?? 0);
    lines.push(
      `${char.padEnd(6)}${String(total).padStart(5)}${right.padStart(7)}  ${wrong.map(([r, n]) => `${r}:${n}`).join(' ')}`,
    );
  }
  return lines.join('\n');
}

/**
 * Each character's confusions in the learnt table, either way round, as the classifier's
 * look-alikes are taken: 60 reads a character show one direction of a pair and not always the
 * other (5 was read S six times and S 5 twice, and on a blurred copy the line read S8IQ2D's S as 5).
 * Built once: `settle` asks for every glyph it settles.
 */
const CONFUSIONS = new Map<string, Set<string>>();
for (const [char, habits] of Object.entries((learnt as { misreads: LineMisreadTable }).misreads)) {
  for (const read of habits) {
    CONFUSIONS.set(char, (CONFUSIONS.get(char) ?? new Set()).add(read));
    CONFUSIONS.set(read, (CONFUSIONS.get(read) ?? new Set()).add(char));
  }
}

/** The characters the line model habitually confuses with `read`: what a reading of it may stand for besides itself. */
export function lineConfusions(read: string): string {
  return [...(CONFUSIONS.get(read) ?? [])].join('');
}
