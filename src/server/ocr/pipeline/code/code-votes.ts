/**
 * The deck code that several reads of one header agree on. Each read comes from another view of
 * the header (the whiteness mask, the colour contrast map, a sharpened copy), and each view misleads
 * the line model on other glyphs. Where the reads disagree on a character and its learnt look-alike,
 * the glyphs each view cut there settle it: the classifier weighs both against all of them. Elsewhere,
 * and where no view cut a glyph like any character, the majority of reads decides.
 */
import { MIN_LIKENESS, SWITCH_MARGIN, codeGlyphClassifier } from './classifier/classifier';
import { DECK_CODE_LENGTH, type DeckCodeRead } from './deck-code';

/**
 * The read most like a read of the game's code: of its length (DECK_CODE_LENGTH), then with the
 * fewest label letters wrong, then the earlier (the views come in order of trust). A read of
 * another length lost a glyph or read a phantom, however clean its label: the mask read QHOV8 for
 * QHOV8U and 8TVEN for 8TVTEN where the sharpened mask read all six (tuning seeds 424 and 425).
 * Each of its characters where the reads of its length disagree is settled by the glyphs
 * (`byShape`), or failing them by the majority.
 */
export function agreedCode(reads: Array<DeckCodeRead | null>): string | null {
  const isBetter = (read: DeckCodeRead, than: DeckCodeRead): boolean => {
    const [ofLength, otherOfLength] = [read, than].map((r) => r.code.length === DECK_CODE_LENGTH);
    return ofLength !== otherOfLength ? ofLength : read.labelErrors < than.labelErrors;
  };
  const base = reads.reduce<DeckCodeRead | null>(
    (best, read) => (read && (!best || isBetter(read, best)) ? read : best),
    null,
  );
  if (!base) return null;
  const alike = reads.filter((read): read is DeckCodeRead => read !== null && read.code.length === base.code.length);
  return [...base.code]
    .map((own, i) => {
      const candidates = [...new Set(alike.map((read) => read.code[i]))];
      if (candidates.length === 1) return own;
      return (areLookalikes(candidates) ? byShape(alike, i, candidates) : null) ?? byVotes(alike, i, own);
    })
    .join('');
}

/**
 * Whether each two of the characters are learnt look-alikes: there the classifier tells them apart
 * better than a count of reads. Elsewhere a glyph broken by blur can look like another character
 * outright (the stem of an L whose foot faded is an I), and the majority of reads is surer.
 */
function areLookalikes(candidates: string[]): boolean {
  const classifier = codeGlyphClassifier();
  return candidates.every((a) => candidates.every((b) => a === b || classifier.confuses(a, b)));
}

/**
 * The candidate the glyphs at position `i` look most like, their likeness summed over the reads
 * that cut one there (a read spelled from the line alone has none); null where no such glyph is like
 * any character (MIN_LIKENESS), or the two best are closer than SWITCH_MARGIN a glyph: then the
 * shapes do not tell them apart. Seed 415 of "scale" (1381 px): the mask's glyph was a 0, the
 * sharpened mask's an O by less than the margin, and the map's line read an O without glyphs; the
 * majority had taken the O.
 */
function byShape(reads: DeckCodeRead[], i: number, candidates: string[]): string | null {
  const classifier = codeGlyphClassifier();
  const totals = new Map(candidates.map((c) => [c, 0]));
  let glyphs = 0;
  for (const { shapes } of reads) {
    const glyph = shapes?.glyphs[i];
    if (!glyph) continue;
    const ranked = classifier.rank(glyph, shapes.capHeight);
    if (ranked[0].score < MIN_LIKENESS) continue;
    glyphs++;
    for (const c of candidates) totals.set(c, totals.get(c)! + (ranked.find((s) => s.char === c)?.score ?? 0));
  }
  const [first, second] = [...totals].sort((a, b) => b[1] - a[1]);
  return glyphs > 0 && first[1] - second[1] >= SWITCH_MARGIN * glyphs ? first[0] : null;
}

/**
 * The character most reads give position `i`. A tie goes to the character the line model read there
 * in most of the reads, before their glyphs settled it: a glyph broken by blur can look like another
 * character outright, where the line saw it whole (the B of CX7VXB at 489 px, its bowls faded, cut
 * as an H, where two views' lines read B at 95-96 and the third an 8: "all at once" tuning seed 461).
 * Failing that, `own`, the base read's.
 */
function byVotes(reads: DeckCodeRead[], i: number, own: string): string {
  const leaders = mostCommon(reads.map(({ code }) => code[i]));
  if (leaders.length > 1) {
    const byLine = mostCommon(reads.map((read) => (read.lineCode ?? read.code)[i]).filter((c) => leaders.includes(c)));
    if (byLine.length === 1) return byLine[0];
  }
  return leaders.includes(own) ? own : leaders[0];
}

/** The characters found most often, in the order first found. */
function mostCommon(chars: string[]): string[] {
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return [...counts].filter(([, n]) => n === top).map(([c]) => c);
}

/**
 * Whether two reads leave nothing for a third to settle: they agree, or one found no code (a third
 * read is then one voice against one, and the surer read stands).
 */
export function nothingToSettle(a: DeckCodeRead | null, b: DeckCodeRead | null): boolean {
  return !a || !b || a.code === b.code;
}
