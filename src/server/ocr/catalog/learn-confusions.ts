/**
 * Learns tesseract's habits on names and card codes from reads whose printed text is known: each
 * read is aligned with what was printed, and every character it gave for another, or as two, or
 * two it gave as one, is counted. The habits (`confusionHabits`) are the table the catalog's
 * matching forgives (`ocr-confusions.ts`); `npm run ocr:learn-confusions` rebuilds it.
 */

/** A text as printed and as OCR read it, both in one case, without spaces. */
export interface PrintedRead {
  printed: string;
  read: string;
}

/** One edit of an alignment: what was printed, and what was read for it ('' for a character lost). */
export interface Edit {
  printed: string;
  read: string;
}

/** How often each edit was made (printed → read), counted by the texts it was made on. */
export interface EditCounts {
  /** Keyed `printed>read`: how many reads made it. */
  times: Map<string, number>;
  /**
   * Keyed `printed>read`: how many distinct printed texts it was made on. Texts, not reads: the
   * real screenshot's smallest name, spoilt a different way in each of its copies, gives a new
   * misread in every one; one print misread a hundred ways is one print, not a habit.
   */
  texts: Map<string, number>;
  /** Keyed by what was printed: the texts of every edit of it summed, its misreads however made. */
  misreads: Map<string, number>;
  /** The distinct printed texts aligned: what the table was learnt from. */
  printedTexts: string[];
}

/** Costs of the alignment: a character for one other, for two, or two for one, cost as one edit. */
const STEP = 1;
const SPLIT_OR_JOIN = 1.2;
/**
 * A read character before or after the print: a code line or a label read with the name, cheaper
 * than one inside it, but not free, or the print's last letters would be taken for a misread of
 * read characters further on ("harnrner" for HAMMER would end at its first R).
 */
const END_GAP = 0.5;

/**
 * The cheapest alignment of a read with what was printed. Returns the edits other than a
 * character read as itself, or null when the read is too unlike the print to say which character
 * became which (more than `maxShare` of the printed characters changed).
 */
export function alignRead({ printed, read }: PrintedRead, maxShare = 0.4): Edit[] | null {
  const n = printed.length;
  const m = read.length;
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const from: Array<Array<[number, number] | null>> = Array.from({ length: n + 1 }, () =>
    new Array<[number, number] | null>(m + 1).fill(null),
  );
  for (let j = 0; j <= m; j++) cost[0][j] = END_GAP * j;
  const relax = (i: number, j: number, di: number, dj: number, step: number) => {
    if (i - di < 0 || j - dj < 0) return;
    const c = cost[i - di][j - dj] + step;
    if (c < cost[i][j]) {
      cost[i][j] = c;
      from[i][j] = [di, dj];
    }
  };
  for (let i = 1; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      relax(i, j, 1, 0, STEP);
      relax(i, j, 0, 1, STEP);
      relax(i, j, 1, 1, printed[i - 1] === read[j - 1] ? 0 : STEP);
      relax(i, j, 1, 2, SPLIT_OR_JOIN);
      relax(i, j, 2, 1, SPLIT_OR_JOIN);
    }
  }
  const withTail = (j: number): number => cost[n][j] + END_GAP * (m - j);
  let end = 0;
  for (let j = 1; j <= m; j++) if (withTail(j) < withTail(end)) end = j;
  const edits: Edit[] = [];
  let [i, j] = [n, end];
  while (i > 0) {
    const step = from[i][j];
    if (!step) break;
    const [di, dj] = step;
    // A read character inserted between two printed ones is noise, not a habit of any of them.
    if (di > 0) {
      const p = printed.slice(i - di, i);
      const r = read.slice(j - dj, j);
      if (p !== r) edits.push({ printed: p, read: r });
    }
    i -= di;
    j -= dj;
  }
  if (edits.length > maxShare * n) return null;
  return edits.reverse();
}

/** An edit as the key it is counted under ("o>0"), and back: one encoding for every count and rule below. */
const editKey = ({ printed, read }: Edit): string => `${printed}>${read}`;
function editOf(key: string): Edit {
  const [printed, read] = key.split('>');
  return { printed, read };
}

/** The edits of every read that aligns, counted. */
export function countEdits(reads: PrintedRead[]): EditCounts {
  const times = new Map<string, number>();
  const textsOf = new Map<string, Set<string>>();
  const printed = new Set<string>();
  for (const pair of reads) {
    const aligned = alignRead(pair);
    if (!aligned) continue;
    printed.add(pair.printed);
    for (const edit of aligned) {
      const key = editKey(edit);
      times.set(key, (times.get(key) ?? 0) + 1);
      textsOf.set(key, (textsOf.get(key) ?? new Set()).add(pair.printed));
    }
  }
  const texts = new Map([...textsOf].map(([key, set]) => [key, set.size]));
  const misreads = new Map<string, number>();
  for (const [key, n] of texts) {
    const { printed: misread } = editOf(key);
    misreads.set(misread, (misreads.get(misread) ?? 0) + n);
  }
  return { times, texts, misreads, printedTexts: [...printed] };
}

/** An edit is a habit when made on this many distinct printed texts, */
export const MIN_HABIT_TEXTS = 10;
/**
 * and is this share of the misreads of what it changes (counted by texts): a character OCR misreads
 * one way more than by chance, not one of the many ways a blurred character comes out.
 */
export const MIN_HABIT_SHARE = 0.1;

/** The share of the texts on which `printed` was misread (any way) that the edit was made on. */
function misreadShare(counts: EditCounts, key: string): number {
  const misread = counts.misreads.get(editOf(key).printed) ?? 0;
  return misread === 0 ? 0 : (counts.texts.get(key) ?? 0) / misread;
}

/**
 * The confusions OCR habitually makes, as the matcher forgives them, each with how many times it
 * was made (either way round), the likeliest first: where a character is confused with several,
 * the likeliest is the one a code's shape turns it into.
 */
export interface ConfusionTable {
  /** Pairs of characters read for each other ("0o": an O read as 0, or a 0 as O). */
  swaps: Array<[pair: string, times: number]>;
  /** A letter read as two characters, or two as one ("m:rn"), either way round. */
  splits: Array<[split: string, times: number]>;
}

/** Whether an edit of letters and digits, of one character for one or two (or two for one), is a habit. */
function isHabit(counts: EditCounts, key: string): boolean {
  const { printed, read } = editOf(key);
  if (!printed || !read || !/^[a-z0-9]+$/.test(printed + read) || printed.length + read.length > 3) return false;
  return (counts.texts.get(key) ?? 0) >= MIN_HABIT_TEXTS && misreadShare(counts, key) >= MIN_HABIT_SHARE;
}

/**
 * The habits among the counts: a substitution of one character for another, or of one for two
 * (or two for one), made on MIN_HABIT_TEXTS texts and MIN_HABIT_SHARE of the misreads of what it
 * changes. Each is kept with the texts it was made on. A character lost or read twice is no
 * confusion of two characters: the matcher charges it as a plain edit.
 */
export function confusionHabits(counts: EditCounts): ConfusionTable {
  const table = { swaps: {} as Record<string, number>, splits: {} as Record<string, number> };
  const add = (record: Record<string, number>, key: string, times: number) =>
    (record[key] = (record[key] ?? 0) + times);
  for (const [key, texts] of [...counts.texts].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isHabit(counts, key)) continue;
    const { printed, read } = editOf(key);
    if (printed.length === 1 && read.length === 1) add(table.swaps, [printed, read].sort().join(''), texts);
    else if (printed.length + read.length === 3) {
      const [one, two] = printed.length === 1 ? [printed, read] : [read, printed];
      add(table.splits, `${one}:${two}`, texts);
    }
  }
  return { swaps: likeliestFirst(table.swaps), splits: likeliestFirst(table.splits) };
}

/**
 * The entries most often made first (then in alphabetical order): the order the table is read in.
 * A list, not an object: an object would put a pair of digits ("38") first whatever its count.
 */
const likeliestFirst = (record: Record<string, number>): Array<[string, number]> =>
  Object.entries(record).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/** The counts as text: every edit made on two texts or more, on most first, marked where a habit. */
export function editCountsText(counts: EditCounts, readsCounted: number): string {
  const lines = [
    `edits in ${readsCounted} distinct reads of ${counts.printedTexts.length} names and card codes whose print is known`,
    'printed>read  texts  share of its misreads  reads',
  ];
  for (const [key, texts] of [...counts.texts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    if (texts < 2) continue;
    const share = `${(misreadShare(counts, key) * 100).toFixed(1)} %`;
    lines.push(
      `${key.padEnd(14)}${String(texts).padStart(5)}${share.padStart(9)}${String(counts.times.get(key)).padStart(18)}${isHabit(counts, key) ? '  habit' : ''}`,
    );
  }
  return lines.join('\n');
}
