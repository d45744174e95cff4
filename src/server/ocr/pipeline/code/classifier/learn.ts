/**
 * What the classifier learns beyond the glyphs themselves: its confusion table, with each labelled
 * glyph left out of the set in turn and classified by the rest, and from it the look-alike table —
 * each character's glyphs that were taken for another, or matched another within NEAR_MARGIN of
 * their own character's best. Both directions of a pair are look-alikes of each other.
 */
import type { LabelledGlyph } from './glyph-set';
import { SampleSet, prepare } from './similarity';

/** A runner-up this close to the right character's score counts as a near confusion. */
export const NEAR_MARGIN = 0.05;
/** Share of a character's glyphs confused (or nearly) with another that makes the two look-alikes. */
export const LOOKALIKE_SHARE = 0.02;

export interface LeaveOneOut {
  /** confusion[truth][predicted] = glyphs. */
  confusion: Map<string, Map<string, number>>;
  /** near[truth][other] = glyphs whose other character scored within NEAR_MARGIN (or above). */
  near: Map<string, Map<string, number>>;
  perLabel: Map<string, number>;
  correct: number;
  total: number;
}

const bump = (table: Map<string, Map<string, number>>, a: string, b: string): void => {
  const row = table.get(a) ?? new Map<string, number>();
  row.set(b, (row.get(b) ?? 0) + 1);
  table.set(a, row);
};

export function leaveOneOut(glyphs: LabelledGlyph[]): LeaveOneOut {
  const samples = glyphs.map((g) => ({ label: g.label, prepared: prepare(g) }));
  const set = new SampleSet(samples);
  const result: LeaveOneOut = { confusion: new Map(), near: new Map(), perLabel: new Map(), correct: 0, total: 0 };
  for (const [i, glyph] of glyphs.entries()) {
    const best = set.bestPerLabel(samples[i].prepared, i);
    const ranked = [...best].sort((a, b) => b[1] - a[1]);
    const own = best.get(glyph.label) ?? -Infinity;
    const predicted = ranked[0][0];
    result.total++;
    result.perLabel.set(glyph.label, (result.perLabel.get(glyph.label) ?? 0) + 1);
    bump(result.confusion, glyph.label, predicted);
    if (predicted === glyph.label) result.correct++;
    for (const [char, score] of ranked)
      if (char !== glyph.label && score >= own - NEAR_MARGIN) bump(result.near, glyph.label, char);
  }
  return result;
}

/** The look-alike table: for each character, its look-alikes as one string, both ways of each pair. */
export function lookalikeTable(loo: LeaveOneOut): Record<string, string> {
  const pairs = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    pairs.set(a, (pairs.get(a) ?? new Set()).add(b));
    pairs.set(b, (pairs.get(b) ?? new Set()).add(a));
  };
  for (const table of [loo.confusion, loo.near]) {
    for (const [truth, row] of table) {
      const count = loo.perLabel.get(truth) ?? 1;
      for (const [other, n] of row) if (other !== truth && n / count >= LOOKALIKE_SHARE) add(truth, other);
    }
  }
  return Object.fromEntries(
    [...pairs].sort(([a], [b]) => a.localeCompare(b)).map(([char, others]) => [char, [...others].sort().join('')]),
  );
}

/** The confusion table as text: a row per character that was ever confused, its mistakes and accuracy. */
export function confusionText(loo: LeaveOneOut): string {
  const lines = [
    `leave-one-out over ${loo.total} labelled glyphs: ${loo.correct} right (${((100 * loo.correct) / loo.total).toFixed(1)} %)`,
    'char  glyphs  right  taken for (glyphs)            near (within margin)',
  ];
  for (const label of [...loo.perLabel.keys()].sort()) {
    const row = loo.confusion.get(label) ?? new Map<string, number>();
    const wrong = [...row].filter(([p]) => p !== label).sort((a, b) => b[1] - a[1]);
    const near = [...(loo.near.get(label) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    lines.push(
      `${label.padEnd(6)}${String(loo.perLabel.get(label)).padStart(6)}${String(row.get(label) ?? 0).padStart(7)}  ${wrong
        .map(([p, n]) => `${p}:${n}`)
        .join(' ')
        .padEnd(30)}${near.map(([p, n]) => `${p}:${n}`).join(' ')}`,
    );
  }
  return lines.join('\n');
}
