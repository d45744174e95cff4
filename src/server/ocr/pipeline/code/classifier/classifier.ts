/**
 * One glyph classifier for the characters of a deck code, learnt from labelled glyph images
 * (`glyph-set.json`, rebuilt by `npm run ocr:train-code`): each character's score is the
 * similarity of the glyph to its nearest labelled glyph of that character (`similarity.ts`).
 *
 * It stands in for every rule about pairs of characters: the line model's reading of a glyph is
 * kept unless the classifier prefers one of that character's look-alikes by SWITCH_MARGIN, and the
 * look-alikes are the learnt table of `lookalikes.json` (the pairs the classifier itself confuses or
 * nearly confuses when each labelled glyph is left out in turn), not lists written by hand.
 */
import storedSet from './glyph-set.json';
import learnt from './lookalikes.json';
import { sampleOf, type GlyphInk } from './glyph-sample';
import { loadGlyphSet, type StoredGlyphSet } from './glyph-set';
import { prepare, similarity, type Prepared } from './similarity';

export interface CharacterScore {
  char: string;
  score: number;
}

/** The learnt table: for each character, the characters its glyphs are confused with. */
export interface LookalikeTable {
  lookalikes: Record<string, string>;
}

/**
 * How much better (similarity) a look-alike must match the glyph than the character read for the
 * glyph to be taken for it: within this, the reading and the shape do not disagree enough.
 */
export const SWITCH_MARGIN = 0.04;

export class CodeGlyphClassifier {
  private readonly samples: Array<{ label: string; prepared: Prepared }>;
  private readonly table: Record<string, string>;

  constructor(glyphs: Array<{ label: string } & Parameters<typeof prepare>[0]>, table: LookalikeTable) {
    this.samples = glyphs.map((g) => ({ label: g.label, prepared: prepare(g) }));
    this.table = table.lookalikes;
  }

  /** Every character the set holds, best first, with its nearest labelled glyph's similarity. */
  rank(glyph: GlyphInk, capHeight: number): CharacterScore[] {
    const probe = prepare(sampleOf(glyph, capHeight));
    const best = new Map<string, number>();
    for (const { label, prepared } of this.samples) {
      const score = similarity(probe, prepared);
      if (score > (best.get(label) ?? -Infinity)) best.set(label, score);
    }
    return [...best].map(([char, score]) => ({ char, score })).sort((a, b) => b.score - a.score);
  }

  /** The character the glyph looks most like. */
  best(glyph: GlyphInk, capHeight: number): CharacterScore {
    return this.rank(glyph, capHeight)[0];
  }

  /** The characters a glyph of `char` is confused with (learnt), '' for none. */
  lookalikesOf(char: string): string {
    return this.table[char] ?? '';
  }

  /**
   * The character read on a glyph, or the look-alike of it the glyph matches better by SWITCH_MARGIN.
   * A character outside the table (a glyph the classifier never confused) is left as read.
   */
  settle(read: string, glyph: GlyphInk, capHeight: number): string {
    const candidates = read + this.lookalikesOf(read);
    if (candidates.length === 1) return read;
    const scores = this.rank(glyph, capHeight).filter((s) => candidates.includes(s.char));
    const own = scores.find((s) => s.char === read)?.score ?? -Infinity;
    const top = scores[0];
    return top && top.char !== read && top.score >= own + SWITCH_MARGIN ? top.char : read;
  }
}

let shared: CodeGlyphClassifier | undefined;

/** The classifier learnt from the glyph set in the repository, built on first use. */
export function codeGlyphClassifier(): CodeGlyphClassifier {
  shared ??= new CodeGlyphClassifier(loadGlyphSet(storedSet as StoredGlyphSet), learnt as LookalikeTable);
  return shared;
}
