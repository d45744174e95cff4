/**
 * Looks up catalog cards from what OCR read: a printed card code, a card name, or both.
 *
 * Names are compared in `normalizeName` form (no accents, case or punctuation), with an edit
 * distance that forgives the confusions OCR was seen to make on them (O/0, O/Q, I/L..., learnt:
 * `ocr-confusions.ts`). A trigram index keeps each lookup to a few dozen distance computations
 * instead of 5,000.
 */
import { normalizeName } from '../../../common/text';
import { asDigit, confusedGroups, SPLIT_LETTERS, SWAPPED_PAIRS } from './ocr-confusions';

export interface CatalogCard {
  code: string;
  name: string;
}

export interface CardMatch extends CatalogCard {
  /** 0..1: how well the read text fits this card. */
  confidence: number;
}

export interface MatchResult {
  best: CardMatch | null;
  /** Up to 5 other plausible cards, best first (for the user to pick from when OCR was wrong). */
  alternatives: CardMatch[];
  /**
   * How many other cards of the best's name the reading fits exactly as well (among the
   * alternatives): no code was read that tells them apart, and the best is one of them by chance.
   */
  undecidedTwins?: number;
}

/** What was read for one card: the name band and, when read, the small printed code. */
export interface CardReading {
  nameText: string;
  codeText?: string;
}

/** A card name found in a line of free text, and the line's words it spans (of `nameKey(line)`). */
export interface NameInText {
  result: MatchResult;
  firstWord: number;
  words: number;
}

const MAX_ALTERNATIVES = 5;
/** How many trigram-ranked names get the exact (slower) edit-distance score. */
const CANDIDATES_SCORED = 40;
/**
 * Ties go to the longer name, so an exact read of "Mars Rover" is never taken by "Mars", and an
 * almost-right long read ("Mars Rover Cunosity") is not beaten by a short name inside it.
 */
const LENGTH_BONUS_PER_CHAR = 0.002;

/** A pair of UTF-16 code units as one number: the distance's inner loop looks pairs up without building strings. */
const pairKey = (a: number, b: number): number => a * 0x10000 + b;
/** Characters OCR habitually reads for each other (learnt): substituting one for the other costs little. */
const CONFUSABLE = new Set<number>();
for (const [a, b] of SWAPPED_PAIRS) {
  CONFUSABLE.add(pairKey(a.charCodeAt(0), b.charCodeAt(0)));
  CONFUSABLE.add(pairKey(b.charCodeAt(0), a.charCodeAt(0)));
}
const CONFUSED_SUBSTITUTION_COST = 0.4;

/** Letters NFKD does not take apart, spelled as the capitals OCR reads them would be. */
const LETTER_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
};

/**
 * The lookup key of a name: `normalizeName` after spelling out ß, ø, æ... which it would drop
 * ("Großglockner" is printed GROSSGLOCKNER, "Sørnes" is read SORNES).
 */
export function nameKey(name: string): string {
  return normalizeName(name.replace(/[ßæÆœŒøØđĐłŁþÞðÐı]/g, (c) => LETTER_SPELLINGS[c] ?? c));
}

/** How many letters and digits a text's key holds (`nameKey`, spaces left out): how much a name gives chance to match. */
export function keyLetters(text: string): number {
  return nameKey(text).replace(/ /g, '').length;
}

/** Characters that are neither letters, digits nor spaces: quotes, brackets, bars, dots. */
const marksIn = (text: string): number => text.replace(/[\p{L}\p{N}\s]/gu, '').length;

/**
 * The share of a read that a name explains: the key drops every mark, so a quote or a bar OCR made
 * of a speck or a stroke of art would otherwise cost nothing, and the shorter the name, the more
 * such marks can make a name of noise ("“I" is the card "i" once its quote goes: bench seed
 * 39024). Marks the name prints itself ("(1066)") are explained; the rest weigh against the name
 * as much as letters it lacks.
 */
function explainedShare(readMarks: number, nameMarks: number, letters: number): number {
  const stray = readMarks - nameMarks;
  if (stray <= 0) return 1;
  return letters / (letters + stray);
}

/**
 * Folds a printed code the way OCR misreads it, each letter OCR reads for a digit to that digit,
 * so `ACNO012`, `ACN0012` and `ACNOO12` meet.
 */
export function foldCode(code: string): string {
  return [...code.toUpperCase().replace(/[^A-Z0-9]/g, '')].map(asDigit).join('');
}

/** Each two-letter split as one number (`pairKey`), and the letter it is of. */
const SPLIT_TO_LETTER = new Map<number, number>(
  Object.entries(SPLIT_LETTERS).map(([letter, two]) => [
    pairKey(two.charCodeAt(0), two.charCodeAt(1)),
    letter.charCodeAt(0),
  ]),
);
/** Each letter OCR splits, and the two characters it splits into. */
const LETTER_TO_SPLIT = new Map<number, [number, number]>(
  Object.entries(SPLIT_LETTERS).map(([letter, two]) => [letter.charCodeAt(0), [two.charCodeAt(0), two.charCodeAt(1)]]),
);

/**
 * Edit distance where OCR-confusable substitutions are cheap, and so is a letter read as the two
 * it splits into (`SPLIT_LETTERS`), either way round. With `inside`, the distance of `a` to the
 * closest stretch of `b`: what comes before and after that stretch costs nothing.
 */
function ocrDistance(a: string, b: string, inside = false): number {
  let beforePrevious = new Float64Array(b.length + 1);
  let previous = new Float64Array(b.length + 1);
  let current = new Float64Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = inside ? 0 : j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ca = a.charCodeAt(i - 1);
    // Once a row, not once a cell: the letter this character and the one before it may be split
    // from, and the two characters this one may be read for.
    const joined = i >= 2 ? (SPLIT_TO_LETTER.get(pairKey(a.charCodeAt(i - 2), ca)) ?? -1) : -1;
    const split = LETTER_TO_SPLIT.get(ca);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      const substitution = ca === cb ? 0 : CONFUSABLE.has(pairKey(ca, cb)) ? CONFUSED_SUBSTITUTION_COST : 1;
      let cost = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution);
      if (joined === cb) cost = Math.min(cost, beforePrevious[j - 1] + CONFUSED_SUBSTITUTION_COST);
      if (split && j >= 2 && b.charCodeAt(j - 2) === split[0] && cb === split[1])
        cost = Math.min(cost, previous[j - 2] + CONFUSED_SUBSTITUTION_COST);
      current[j] = cost;
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return inside ? Math.min(...previous) : previous[b.length];
}

/** Similarity 0..1 of two normalized names. */
export function nameSimilarity(a: string, b: string): number {
  const length = Math.max(a.length, b.length);
  return length === 0 ? 0 : Math.max(0, 1 - ocrDistance(a, b) / length);
}

/** How well a read matches the closest part of a name, 0..1: one line of a name that wraps. */
export function partSimilarity(part: string, name: string): number {
  return part.length === 0 ? 0 : Math.max(0, 1 - ocrDistance(part, name, true) / part.length);
}

/** How much a close code read adds to a name's score: enough to break ties, not to beat a name. */
const CODE_WEIGHT = 0.05;
/**
 * How much of a card's code a read must spell to be a read of that code at all, and break a tie:
 * less is art or noise read where the code is printed, and adds nothing. "A4FP", read under OSIRIS,
 * shares an A with ACEM012 and nothing with EEG012, and took ACEM012 at full confidence where EEG012
 * was printed ("all at once" unseen seed 39321, 1003 px); now the two Osiris stay undecided there.
 */
const MIN_CODE_CLOSENESS = 0.5;
/** A read that fits part of a name this well, and is this long, agrees with that name (its code read too). */
const NAME_PART_SIMILARITY = 0.8;
const MIN_NAME_PART = 8;
/**
 * The fit of a read that spells exactly the first or last lines of one long name and of no other
 * (`namesEndingIn`): enough to be read, too little to be trusted alone, so the tile's second
 * looks and its code are read too. ELECTRONIC, read at OCR confidence 96 where the line finder
 * missed VOICE PHENOMENA below it, fit Electricity at 0.64 and Electronic Voice Phenomena at 0.4
 * ("restyled + small" unseen seed 39428, 618 px). Eight letters spelled exactly are no chance.
 */
const ONE_END_CONFIDENCE = 0.7;
/**
 * The most a read fits each of several names whose first or last lines it spells exactly: it is
 * one line of one of them, and says not which. Under the fit a card is read from, so only a code
 * read, or other readings, decide among them. CATERPILLAR, read at OCR confidence 73 where the line
 * finder missed WOOLLY BEAR above it, fit Puss Caterpillar at 0.69 (the shortest of the four names
 * that begin or end so) and took it ("restyled + small" unseen seed 39461, 488 px).
 */
const SHARED_END_CONFIDENCE = 0.5;
/**
 * A printed code read whole (six or more characters, OCR confusions forgiven) where the name came
 * out as noise: enough to be offered, at the lowest confidence a reading of any name, short or
 * long, is offered with (the review step shows it as doubtful), and never enough to beat a name
 * read clearly.
 */
const CODE_ALONE_CONFIDENCE = 0.7;

/**
 * Best similarity 0..1 of a folded code to the closest stretch of any read token (junk around it
 * costs nothing). A stretch, not a window of the code's length: a read with a character too many
 * inside the code ("ACEI9012" for ACEM012, a faint code on a bright body) fit EEG012, the other
 * Osiris, better in every window of six ("E19012") than ACEM012 in any of seven.
 */
function codeSimilarity(code: string, tokens: string[]): number {
  return Math.max(0, ...tokens.map((token) => partSimilarity(code.toLowerCase(), token.toLowerCase())));
}

/** The card among `scored` at `confidence` or its own, higher one; added when not there yet. */
function atLeast(scored: CardMatch[], card: CatalogCard, confidence: number): void {
  const existing = scored.find((m) => m.code === card.code && m.name === card.name);
  if (existing) existing.confidence = Math.max(existing.confidence, confidence);
  else scored.push({ ...card, confidence });
}

/** Each confusable character's group representative, so trigrams match across OCR swaps. */
const CANONICAL = new Map<string, string>();
for (const group of confusedGroups()) for (const c of group) CANONICAL.set(c, group[0]);

function trigrams(key: string): string[] {
  // Spaces are dropped: OCR often adds or loses them between words. Confusable characters are
  // folded so "h 11a" still finds "h iia" as a candidate; the exact score comes later.
  const folded = [...key.replace(/ /g, '')].map((c) => CANONICAL.get(c) ?? c).join('');
  const padded = `^${folded}$`;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  if (padded.length < 3) found.add(padded);
  return [...found];
}

interface NameEntry {
  key: string;
  /** Several cards can share a name (8 in the 2024 list); their codes tell them apart. */
  cards: CatalogCard[];
  /** The marks each card's printed name holds, in `cards` order (see `explainedShare`). */
  cardMarks: number[];
  /** Letters and digits of the key. */
  letters: number;
  trigramCount: number;
}

export class CatalogIndex {
  private readonly names: NameEntry[] = [];
  private readonly byKey = new Map<string, NameEntry>();
  private readonly byTrigram = new Map<string, number[]>();
  private readonly byFoldedCode = new Map<string, CatalogCard[]>();
  /** Name keys that are whole words of a longer name ("rainbow" of "rainbow serpent"). */
  private readonly insideLonger = new Set<string>();
  /** The letters every code of a set begins with (ACNO, EES, LBU…). */
  private readonly setPrefixes = new Set<string>();
  /** The names each run of leading or trailing whole words of a longer name begins or ends. */
  private readonly endsOf = new Map<string, NameEntry[]>();
  /** The cards as given, so another thread can build the same index. */
  readonly cards: readonly CatalogCard[];

  constructor(cards: Iterable<CatalogCard>) {
    this.cards = [...cards];
    for (const card of this.cards) {
      const key = nameKey(card.name);
      if (!key) continue;
      let entry = this.byKey.get(key);
      if (!entry) {
        entry = { key, cards: [], cardMarks: [], letters: key.replace(/ /g, '').length, trigramCount: 0 };
        this.byKey.set(key, entry);
        const id = this.names.push(entry) - 1;
        const grams = trigrams(key);
        entry.trigramCount = grams.length;
        for (const gram of grams) {
          const ids = this.byTrigram.get(gram);
          if (ids) ids.push(id);
          else this.byTrigram.set(gram, [id]);
        }
      }
      entry.cards.push(card);
      entry.cardMarks.push(marksIn(card.name));
      const prefix = /^[A-Z]+/.exec(card.code)?.[0];
      if (prefix) this.setPrefixes.add(prefix);
      const folded = foldCode(card.code);
      const sameCode = this.byFoldedCode.get(folded);
      if (sameCode) sameCode.push(card);
      else this.byFoldedCode.set(folded, [card]);
    }
    for (const entry of this.names) {
      const words = entry.key.split(' ');
      for (let start = 0; start < words.length; start++) {
        for (let end = start + 1; end <= words.length; end++)
          if (end - start < words.length) this.insideLonger.add(words.slice(start, end).join(' '));
      }
      for (let k = 1; k < words.length; k++) {
        for (const end of [words.slice(0, k).join(' '), words.slice(k).join(' ')]) {
          const entries = this.endsOf.get(end);
          if (!entries) this.endsOf.set(end, [entry]);
          else if (!entries.includes(entry)) entries.push(entry);
        }
      }
    }
  }

  /**
   * Whether a card's name is whole words of another card's longer name: a read of it may be that
   * name cut short at a word gap.
   */
  isInsideLongerName(name: string): boolean {
    return this.insideLonger.has(nameKey(name));
  }

  /**
   * The names whose first or last lines `key` spells exactly, in MIN_NAME_PART letters or more,
   * where no name is `key` itself: the other lines of a name that wraps, missed.
   */
  private namesEndingIn(key: string): NameEntry[] {
    if (key.replace(/ /g, '').length < MIN_NAME_PART || this.byKey.has(key)) return [];
    return this.endsOf.get(key) ?? [];
  }

  /**
   * Whether a word read may be a card's code whose digits came out as letters: a set's prefix,
   * then the two to four characters of a number ("LBUOAS" for LBU049: "code above name" unseen
   * seed 39427).
   */
  mayBeCode(word: string): boolean {
    const read = word.toUpperCase();
    if (!/^[A-Z0-9]{5,8}$/.test(read)) return false;
    for (let letters = 2; letters <= 5; letters++) {
      const digits = read.length - letters;
      if (digits >= 2 && digits <= 4 && this.setPrefixes.has(read.slice(0, letters))) return true;
    }
    return false;
  }

  /** Whether a text is exactly a card's name (in `nameKey` form: case, accents and marks aside). */
  isName(text: string): boolean {
    return this.byKey.has(nameKey(text));
  }

  /** Whether one name is whole words of the other, longer one. */
  static nests(shorter: string, longer: string): boolean {
    const [inner, outer] = [nameKey(shorter), nameKey(longer)];
    return inner.length < outer.length && ` ${outer} `.includes(` ${inner} `);
  }

  get size(): number {
    return this.names.reduce((n, e) => n + e.cards.length, 0);
  }

  /**
   * Cards whose printed code could be `text` (OCR confusions folded; junk around it ignored).
   * `text` may hold several readings, one per line: the first that names a code wins.
   */
  findByCode(text: string): CatalogCard[] {
    for (const line of text.split(/\n/)) {
      for (const candidate of [line, ...line.split(/\s+/)]) {
        const hit = this.findByOneCode(candidate);
        if (hit.length > 0) return hit;
      }
    }
    return [];
  }

  private findByOneCode(text: string): CatalogCard[] {
    const folded = foldCode(text);
    // As read, character for character with `folded`: which of its characters are digits.
    const printed = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const exact = this.byFoldedCode.get(folded);
    // Folding forgives a misread, and so joins codes that differ only in look-alikes (SPI004,
    // Galileo Galilei, and SPL004, Jupiter's Great Red Spot): a code read as printed is that card.
    if (exact)
      return exact.some((card) => card.code === printed) ? exact.filter((card) => card.code === printed) : exact;
    const isDigit = (i: number): boolean => /\d/.test(printed[i] ?? '');
    const isLetter = (i: number): boolean => /[A-Z]/.test(printed[i] ?? '');
    // Codes are 6–8 characters; a read may carry stray characters on either side: a frame's edge
    // read as I or L. But a number goes on to its last digit and a prefix back to its first letter:
    // neither FSC001 nor SCO012 is in "FSCO012" (FSC012 with an O too many).
    const cutsNumber = (end: number): boolean => isDigit(end - 1) && isDigit(end);
    const cutsPrefix = (start: number): boolean =>
      isLetter(start) && isLetter(start - 1) && !'IL'.includes(printed[start - 1]);
    for (let length = Math.min(8, folded.length - 1); length >= 6; length--) {
      for (let start = 0; start + length <= folded.length; start++) {
        if (cutsNumber(start + length) || cutsPrefix(start)) continue;
        const hit = this.byFoldedCode.get(folded.slice(start, start + length));
        if (hit) return hit;
      }
    }
    return this.findWithOneLeftOut(folded);
  }

  /**
   * The code a read is with a glyph read twice left out: SMT004's zero came out as "SMTO004", two
   * characters that fold alike side by side, inside the code where no stretch of the read finds
   * it. Only a character folding like its neighbour is left out, or any code one character
   * shorter would do (SMO004 is in "SMTO004" too).
   */
  private findWithOneLeftOut(folded: string): CatalogCard[] {
    for (let i = 1; i < folded.length; i++) {
      if (folded[i] !== folded[i - 1]) continue;
      const hit = this.byFoldedCode.get(folded.slice(0, i) + folded.slice(i + 1));
      if (hit) return hit;
    }
    return [];
  }

  /** Name entries ranked by similarity to the normalized key. */
  private rankNames(key: string): Array<{ entry: NameEntry; score: number; similarity: number }> {
    const exact = this.byKey.get(key);
    const queryGrams = trigrams(key);
    const shared = new Map<number, number>();
    for (const gram of queryGrams) {
      for (const id of this.byTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    const byDice = [...shared.entries()]
      .map(([id, count]) => ({ id, dice: (2 * count) / (queryGrams.length + this.names[id].trigramCount) }))
      .sort((a, b) => b.dice - a.dice)
      .slice(0, CANDIDATES_SCORED);
    const ranked = byDice.map(({ id }) => {
      const entry = this.names[id];
      const similarity = nameSimilarity(key, entry.key);
      return { entry, similarity, score: similarity + LENGTH_BONUS_PER_CHAR * Math.min(entry.key.length, 40) };
    });
    if (exact && !ranked.some((r) => r.entry === exact)) ranked.push({ entry: exact, similarity: 1, score: 2 });
    return ranked.sort((a, b) => b.score - a.score);
  }

  /** The catalog card that best fits a read name, with alternatives. */
  matchName(text: string): MatchResult {
    return this.match({ nameText: text });
  }

  /**
   * Decides one card from its read name and code. The name is the strong signal (big white
   * capitals); the code (small, faint) decides between cards of the same name and rescues a name
   * that was badly read, but a misread code never overrides a clearly read name.
   */
  match(reading: CardReading): MatchResult {
    const key = nameKey(reading.nameText);
    const readMarks = marksIn(reading.nameText);
    const byCode = reading.codeText ? this.findByCode(reading.codeText) : [];
    const scored: CardMatch[] = [];
    if (key) {
      for (const { entry, similarity } of this.rankNames(key)) {
        entry.cards.forEach((card, i) =>
          scored.push({
            ...card,
            confidence: similarity * explainedShare(readMarks, entry.cardMarks[i], entry.letters),
          }),
        );
      }
      const ends = this.namesEndingIn(key);
      if (ends.length === 1) {
        const [whole] = ends;
        whole.cards.forEach((card, i) =>
          atLeast(scored, card, ONE_END_CONFIDENCE * explainedShare(readMarks, whole.cardMarks[i], whole.letters)),
        );
      }
      const shared = new Set(ends.length > 1 ? ends.flatMap((entry) => entry.cards.map((card) => card.code)) : []);
      for (const match of scored)
        if (shared.has(match.code)) match.confidence = Math.min(match.confidence, SHARED_END_CONFIDENCE);
    }
    for (const card of byCode) {
      const cardKey = nameKey(card.name);
      const similarity = key ? nameSimilarity(key, cardKey) : 0;
      // A code read that agrees with a roughly read name is strong evidence for that card. So is
      // one whose name holds the text read: one line of a name that wraps, the other missed.
      const agrees =
        similarity >= 0.5 || (key.length >= MIN_NAME_PART && partSimilarity(key, cardKey) >= NAME_PART_SIMILARITY);
      const confidence = agrees
        ? Math.min(1, Math.max(similarity, 0.9) + 0.05)
        : Math.max(similarity, CODE_ALONE_CONFIDENCE);
      atLeast(scored, card, confidence);
    }
    // Longer names win ties; between equal or close names, the one whose code is closest to the
    // code read wins (decides between the same-named cards even when the code read has a typo).
    const codeTokens = reading.codeText
      ? reading.codeText
          .split(/\s+/)
          .map(foldCode)
          .filter((t) => t.length >= 4)
      : [];
    const codeCloseness = new Map<string, number>();
    for (const m of scored) {
      const closeness = codeSimilarity(foldCode(m.code), codeTokens);
      codeCloseness.set(m.code, closeness >= MIN_CODE_CLOSENESS ? closeness : 0);
    }
    const rank = (m: CardMatch): number =>
      m.confidence +
      LENGTH_BONUS_PER_CHAR * Math.min(m.name.length, 40) +
      CODE_WEIGHT * (codeCloseness.get(m.code) ?? 0);
    scored.sort((a, b) => rank(b) - rank(a));
    const [best, ...rest] = scored;
    const alternatives = rest.slice(0, MAX_ALTERNATIVES);
    const twins = best ? alternatives.filter((m) => m.name === best.name && rank(m) === rank(best)).length : 0;
    return { best: best ?? null, alternatives, ...(twins > 0 ? { undecidedTwins: twins } : {}) };
  }

  /**
   * Card names found in a line of free text (the whole-image fallback), in the line's order, with
   * the words each spans. Longest spans are taken first, so a long name is never split into the
   * short names inside it.
   */
  namesInText(line: string, minConfidence = 0.85): NameInText[] {
    const words = nameKey(line).split(' ').filter(Boolean);
    const taken = new Array<boolean>(words.length).fill(false);
    const found: NameInText[] = [];
    const maxSpan = Math.min(words.length, 8);
    for (let span = maxSpan; span >= 1; span--) {
      for (let start = 0; start + span <= words.length; start++) {
        if (taken.slice(start, start + span).some(Boolean)) continue;
        const text = words.slice(start, start + span).join(' ');
        if (text.replace(/ /g, '').length < 3) continue;
        const result = this.matchName(text);
        if (!result.best || result.best.confidence < minConfidence) continue;
        // The span must cover the whole name, not just look like part of it.
        if (Math.abs(nameKey(result.best.name).length - text.length) > Math.max(2, text.length * 0.2)) continue;
        for (let i = start; i < start + span; i++) taken[i] = true;
        found.push({ firstWord: start, words: span, result });
      }
    }
    return found.sort((a, b) => a.firstWord - b.firstWord);
  }
}
