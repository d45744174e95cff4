/**
 * One glyph classifier for the characters of a deck code, learnt from labelled glyph images
 * (`glyph-set.json`, rebuilt by `npm run ocr:train-code`): each character's score is the
 * similarity of the glyph to its nearest labelled glyph of that character (`similarity.ts`).
 *
 * It stands in for every rule about pairs of characters: the line model's reading of a glyph is
 * kept unless the classifier prefers one of that character's look-alikes by SWITCH_MARGIN (any
 * other character by the wider OVERRULE_MARGIN), and the
 * look-alikes are the learnt table of `lookalikes.json` (the pairs the classifier itself confuses or
 * nearly confuses when each labelled glyph is left out in turn), not lists written by hand. Which
 * characters a reading may stand for is learnt too: the line model's own confusions, read on the
 * same labelled headers (`../line-misreads.json`).
 */
import storedSet from './glyph-set.json';
import learnt from './lookalikes.json';
import { sampleOf, type GlyphInk } from './glyph-sample';
import { loadGlyphSet, type StoredGlyphSet } from './glyph-set';
import { SampleSet, prepare, type Prepared } from './similarity';
import { lineConfusions } from '../line-misreads';

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
 * glyph to be taken for it: within this, the reading and the shape do not disagree enough. At 0.04
 * a zero 10 px wide under 12 px capitals, read as O, stayed an O (0 at 0.759, O at 0.730; bench
 * tuning seed 207 of other background). The set spoilt as share images are (5,130 glyphs) brought
 * the nearest O and 0 closer: that zero at 0.768 against 0.755, and the 0 of 5P4T0Y at 23 px at
 * 0.871 against 0.854 (scale, seed 415), so 0.02 left both Os.
 */
export const SWITCH_MARGIN = 0.01;
/**
 * How much better any other character must match the glyph to overrule the reading: the line model
 * swaps characters the classifier never confuses (A/4, 7/1, S/9). Left out in turn, a labelled glyph
 * was taken for another character by more than this once in 5,124 (a blurred 5 of DejaVu Sans
 * Bold for an S, by 0.119), since the set dropped the damaged cut of the real header that gave 4 of the
 * 6 in 5,130 before (`scripts/train-code-classifier.ts`, `labelled`). At 0.15 a 9 read as S stayed an S (9 at 0.587, S at 0.471; tuning seed 220).
 */
export const OVERRULE_MARGIN = 0.1;
/**
 * Similarity under which the glyph is like no labelled glyph and the reading stands: a glyph cut
 * wrong, or of a font the set lacks. Clean glyphs of a code score 0.7-0.95 with their own character;
 * dim, blurred 10 px ones on a light page 0.3-0.6, where the classifier then leaves the line's reading.
 */
export const MIN_LIKENESS = 0.5;

/** How `settle` weighs a reading against the glyph. */
export interface SettleOptions {
  /** How many readings agree on the character: each widens the margins the glyph must beat it by. */
  readings?: number;
  /** Another reading of the glyph (a second look's against the line's), weighed as a look-alike is. */
  rival?: string;
}

/** A glyph of the image itself whose character is known: a letter of the header's printed label. */
export interface Exemplar {
  label: string;
  glyph: GlyphInk;
  capHeight: number;
}

type Sample = { label: string; prepared: Prepared };

/**
 * The face a labelled glyph was cut in, from its source: "font DejaVu Sans Bold 17px q70 t90" is
 * "font DejaVu Sans Bold", every spoilt copy of the real share image "real".
 */
export function styleOf(source: string): string {
  return source.startsWith('real') ? 'real' : (/^(.*?) \d+px/.exec(source)?.[1] ?? source);
}

/**
 * A line is in one style of the set where at least this many of its glyphs that match some labelled
 * glyph clearly (CLEAR_LIKENESS) match one of that style best, and this share of them: a code and
 * its label are printed in one face, and a glyph's nearest labelled glyph of another face is chance.
 * At four glyphs over 0.75, the sharpened copy of a Liberation Sans Narrow header (a face the set
 * lacks) was taken for Liberation Sans Bold, whose 8 then took its B ("narrow face" tuning seed 429).
 */
const MIN_STYLE_GLYPHS = 5;
const STYLE_SHARE = 0.6;
const CLEAR_LIKENESS = 0.8;
/**
 * Nor is a line in a style that draws one of its clear glyphs this much worse than another style
 * does: that face could not have printed it. A Liberation Sans Narrow header matched DejaVu Sans
 * Condensed best on 6 of its 12 clear glyphs, but its J, which sits on the line where DejaVu's hangs
 * below it, at 0.38 against Liberation Sans's 0.82; taken for Condensed, the line's J became a 3
 * ("narrow face" tuning seed 402, WJKVDE).
 */
const STYLE_MISFIT = 0.2;

/** Per style of the set, a glyph's best similarity to each character's labelled glyphs of that style. */
type StyleScores = Map<string, Map<string, number>>;

/**
 * How much wider than its box a line's glyphs may be drawn to match the set (`atLineWidth`): a face
 * the set lacks may be narrower or wider than all of its faces. Liberation Sans Narrow draws at 0.82
 * of Liberation Sans.
 */
const LINE_WIDTHS = [0.8, 0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3] as const;
const AS_DRAWN = LINE_WIDTHS.indexOf(1);
/**
 * What a line's glyphs must gain on average, drawn at another width, for the line to be read at
 * it: a face at the set's widths gains a little by chance, as a blurred glyph is a little wider.
 */
const MIN_WIDTH_GAIN = 0.02;

/**
 * The labelled set, its glyphs grouped by the style they were cut in, and each glyph's scores
 * against every style, kept for every classifier made from the set.
 */
interface LabelledSet {
  styles: Map<string, SampleSet>;
  /** Per glyph, its scores at each of LINE_WIDTHS. */
  scores: WeakMap<GlyphInk, { capHeight: number; byWidth: StyleScores[]; prepared: Prepared }>;
}

export class CodeGlyphClassifier {
  /** Each glyph's ranking, kept: the reader asks about one glyph several times (J? bar? settle?). */
  private readonly ranked = new WeakMap<GlyphInk, { capHeight: number; scores: CharacterScore[] }>();
  /** `own`, packed for scanning. */
  private readonly ownSet: SampleSet;

  private constructor(
    private readonly set: LabelledSet,
    private readonly table: Record<string, string>,
    /** Glyphs of the image itself (`withExemplars`). */
    private readonly own: Sample[] = [],
    /** The style the line is printed in (`inStyleOf`). */
    private readonly style?: string,
    /** Index in LINE_WIDTHS of how much wider than cut the line's glyphs are compared (`atLineWidth`). */
    private readonly width: number = AS_DRAWN,
  ) {
    this.ownSet = new SampleSet(own);
  }

  /** The classifier of a labelled set and the look-alike table learnt from it. */
  static learnt(
    glyphs: Array<{ label: string; source: string } & Parameters<typeof prepare>[0]>,
    table: LookalikeTable,
  ) {
    const byStyle = new Map<string, Sample[]>();
    for (const g of glyphs) {
      const style = styleOf(g.source);
      if (!byStyle.has(style)) byStyle.set(style, []);
      byStyle.get(style)!.push({ label: g.label, prepared: prepare(g) });
    }
    const styles = new Map([...byStyle].map(([style, samples]) => [style, new SampleSet(samples)]));
    return new CodeGlyphClassifier({ styles, scores: new WeakMap() }, table.lookalikes);
  }

  /**
   * This classifier with glyphs of the image itself added to its set. The set knows the fonts it
   * was cut from; the header's own label ("CODE") is the code's font at the code's size, whatever
   * font a game update prints it in: a narrow font's O is as narrow as DejaVu's zero. The
   * look-alike table stays the set's. Only characters the set confuses with another (the O and D,
   * with 0; the E, with F) are added: the others teach the classifier nothing it lacks, and could take a glyph of
   * the code for themselves (as a C and an E took Os at 16 px).
   */
  withExemplars(exemplars: Exemplar[]): CodeGlyphClassifier {
    const useful = exemplars.filter((e) => this.lookalikesOf(e.label) !== '');
    if (useful.length === 0) return this;
    const own = useful.map((e) => ({ label: e.label, prepared: prepare(sampleOf(e.glyph, e.capHeight)) }));
    return new CodeGlyphClassifier(this.set, this.table, [...this.own, ...own], this.style, this.width);
  }

  /**
   * This classifier weighing, for each character the set holds in the line's style, only glyphs of
   * that style (and the image's own). Faces draw look-alikes apart differently: DejaVu Sans Bold's
   * zero is 0.80 capitals wide, its O 1.00, and DejaVu Sans Condensed's O 0.90, so a blurred zero
   * 0.86 wide was nearest a condensed O ("rotation" tuning seed 409, WM01X7 read WMO1X7). The style
   * is the one most of the line's clear glyphs match best (`glyphs`: the code's, and the label's
   * with their known characters); where no style leads, or the line's face is none of the set's,
   * the classifier is this one.
   */
  inStyleOf(glyphs: Array<{ glyph: GlyphInk; capHeight: number; label?: string }>): CodeGlyphClassifier {
    const tally = new Map<string, number>();
    /** Per clear glyph, its best score in each style (of its label where known) and in any. */
    const clearGlyphs: Array<{ byStyle: Map<string, number>; best: number }> = [];
    for (const { glyph, capHeight, label } of glyphs) {
      const byStyle = new Map(
        [...this.scoresOf(glyph, capHeight).byWidth[this.width]].map(([style, scores]) => [
          style,
          bestScore(scores, label),
        ]),
      );
      const [nearest, best] = [...byStyle].sort((a, b) => b[1] - a[1])[0] ?? [];
      if (nearest === undefined || best < CLEAR_LIKENESS) continue;
      tally.set(nearest, (tally.get(nearest) ?? 0) + 1);
      clearGlyphs.push({ byStyle, best });
    }
    const [style, count] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!style || count < MIN_STYLE_GLYPHS || count < clearGlyphs.length * STYLE_SHARE) return this;
    const misfit = clearGlyphs.some(({ byStyle, best }) => (byStyle.get(style) ?? -Infinity) < best - STYLE_MISFIT);
    return misfit ? this : new CodeGlyphClassifier(this.set, this.table, this.own, style, this.width);
  }

  /**
   * This classifier comparing the line's glyphs drawn as much wider (or narrower) than cut as makes
   * them, all together, most like the set (`glyphs`: the code's, and the label's with their known
   * characters), when that gains MIN_WIDTH_GAIN a glyph. A face narrower than any of the set's
   * draws its O as narrow as their zeros; its other glyphs, as narrow against theirs, tell by how
   * much. The header's own exemplars are of the line's face and are compared as cut.
   */
  atLineWidth(glyphs: Array<{ glyph: GlyphInk; capHeight: number; label?: string }>): CodeGlyphClassifier {
    const totals = LINE_WIDTHS.map((_, k) =>
      glyphs.reduce((sum, { glyph, capHeight, label }) => {
        const inEachStyle = [...this.scoresOf(glyph, capHeight).byWidth[k].values()];
        return sum + Math.max(0, ...inEachStyle.map((scores) => bestScore(scores, label)));
      }, 0),
    );
    const fittest = totals.indexOf(Math.max(...totals));
    const gain = totals[fittest] - totals[AS_DRAWN];
    if (fittest === this.width || gain < MIN_WIDTH_GAIN * glyphs.length) return this;
    return new CodeGlyphClassifier(this.set, this.table, this.own, this.style, fittest);
  }

  /** The style `inStyleOf` found, if any (for the trace). */
  get styleName(): string | undefined {
    return this.style;
  }

  /** How much wider than cut the line's glyphs are compared (`atLineWidth`; for the trace). */
  get lineWidth(): number {
    return LINE_WIDTHS[this.width];
  }

  /**
   * The glyph's best similarity to each character of each style of the set, at each of LINE_WIDTHS,
   * computed once per set.
   */
  private scoresOf(glyph: GlyphInk, capHeight: number) {
    const kept = this.set.scores.get(glyph);
    if (kept?.capHeight === capHeight) return kept;
    const prepared = prepare(sampleOf(glyph, capHeight));
    const byWidth: StyleScores[] = LINE_WIDTHS.map(() => new Map());
    for (const [style, samples] of this.set.styles)
      samples.bestPerLabelAtWidths(prepared, LINE_WIDTHS).forEach((scores, k) => byWidth[k].set(style, scores));
    const computed = { capHeight, byWidth, prepared };
    this.set.scores.set(glyph, computed);
    return computed;
  }

  /** Every character the set holds, best first, with its nearest labelled glyph's similarity. */
  rank(glyph: GlyphInk, capHeight: number): CharacterScore[] {
    const kept = this.ranked.get(glyph);
    if (kept?.capHeight === capHeight) return kept.scores;
    const { byWidth, prepared } = this.scoresOf(glyph, capHeight);
    const byStyle = byWidth[this.width];
    const inStyle = this.style === undefined ? undefined : byStyle.get(this.style);
    const own = this.ownSet.bestPerLabel(prepared);
    const best = new Map<string, number>();
    for (const scores of byStyle.values())
      for (const [char, score] of scores) best.set(char, Math.max(best.get(char) ?? -Infinity, score));
    // A character the line's style lacks is scored by the whole set.
    const scores = [...best].map(([char, anyStyle]) => ({
      char,
      score: Math.max(inStyle?.get(char) ?? anyStyle, own.get(char) ?? -Infinity),
    }));
    scores.sort((a, b) => b.score - a.score);
    this.ranked.set(glyph, { capHeight, scores });
    return scores;
  }

  /** The character the glyph looks most like. */
  best(glyph: GlyphInk, capHeight: number): CharacterScore {
    return this.rank(glyph, capHeight)[0];
  }

  /**
   * The character the glyph clearly is, for a glyph nothing read: like it (MIN_LIKENESS), and
   * ahead of every other character by as much as overrules a reading (OVERRULE_MARGIN); else null.
   */
  clearly(glyph: GlyphInk, capHeight: number): string | null {
    const [first, second] = this.rank(glyph, capHeight);
    const clear = first && first.score >= MIN_LIKENESS && first.score - (second?.score ?? -Infinity) >= OVERRULE_MARGIN;
    return clear ? first.char : null;
  }

  /** Whether the glyph looks most like `char`, and like it enough (MIN_LIKENESS). */
  resembles(char: string, glyph: GlyphInk, capHeight: number): boolean {
    const best = this.best(glyph, capHeight);
    return best.char === char && best.score >= MIN_LIKENESS;
  }

  /** The characters a glyph of `char` is confused with (learnt), '' for none. */
  lookalikesOf(char: string): string {
    return this.table[char] ?? '';
  }

  /** Whether the learnt table confuses the two characters, either way round. */
  confuses(a: string, b: string): boolean {
    return a !== b && (this.lookalikesOf(a).includes(b) || this.lookalikesOf(b).includes(a));
  }

  /**
   * Whether a glyph read as `char` is worth reading again on its own: the character has look-alikes,
   * or the glyph looks most like another character, or like no labelled glyph at all (a face the
   * set lacks: the classifier cannot check the line's reading, a look alone can).
   */
  doubts(char: string, glyph: GlyphInk, capHeight: number): boolean {
    const best = this.best(glyph, capHeight);
    return this.lookalikesOf(char) !== '' || best.score < MIN_LIKENESS || best.char !== char;
  }

  /**
   * The character read on a glyph, or the one the glyph looks most like where it matches that one
   * better: by SWITCH_MARGIN for a learnt look-alike of the reading (or the rival reading), by
   * OVERRULE_MARGIN for any other character. A glyph like nothing in the set (MIN_LIKENESS) is left as read.
   * A look-alike the line model does not confuse with the reading (`lineConfusions`) must overrule,
   * by OVERRULE_MARGIN, the likeliest of the characters the reading stands for: a 0 read where the
   * glyph is a D by 0.75, an O by 0.67 and a 0 by 0.46 is the O, since the line model reads an O
   * as 0 and never a D ("header: narrow face", unseen seed 39469, 7OV2Z4 read 7DV2Z4).
   */
  settle(read: string, glyph: GlyphInk, capHeight: number, { readings = 1, rival = '' }: SettleOptions = {}): string {
    const ranked = this.rank(glyph, capHeight);
    const top = ranked[0];
    if (!top || top.char === read || top.score < MIN_LIKENESS) return read;
    const own = ranked.find((s) => s.char === read)?.score ?? -Infinity;
    const standsFor = read + rival + lineConfusions(read);
    const likeliest = ranked.find((s) => standsFor.includes(s.char));
    const lookalike = this.lookalikesOf(read).includes(top.char);
    if (
      likeliest &&
      lookalike &&
      !standsFor.includes(top.char) &&
      top.score < likeliest.score + OVERRULE_MARGIN * readings
    )
      return likeliest.score >= own + SWITCH_MARGIN * readings ? likeliest.char : read;
    const margin = lookalike || rival.includes(top.char) ? SWITCH_MARGIN : OVERRULE_MARGIN;
    return top.score >= own + margin * readings ? top.char : read;
  }
}

/** The best of a glyph's scores, or its score as `label` where its character is known. */
function bestScore(scores: Map<string, number>, label?: string): number {
  return label === undefined ? Math.max(-Infinity, ...scores.values()) : (scores.get(label) ?? -Infinity);
}

let shared: CodeGlyphClassifier | undefined;

/** The classifier learnt from the glyph set in the repository, built on first use. */
export function codeGlyphClassifier(): CodeGlyphClassifier {
  shared ??= CodeGlyphClassifier.learnt(loadGlyphSet(storedSet as StoredGlyphSet), learnt as LookalikeTable);
  return shared;
}
