// Matching: the card of each tile from its readings, against the catalog.
import {
  CatalogIndex,
  keyLetters,
  nameKey,
  nameSimilarity,
  partSimilarity,
  type CardMatch,
  type MatchResult,
} from '../catalog/catalog-index';
import type { OcrResult } from '../runtime/worker-pool';
import { asNameText, codeCrops, longerNameJobs, secondNameJobs, type NamePlace } from './name-reading';
import type { ReadCard, ReadDeckOptions } from './reading';
import type { Rect } from './tile-grid';
import { ocrSummary, tileName } from './trace';
import { cardCodeIn } from './unknown-cards';
import {
  AGREED_BY_THREE_CONFIDENCE,
  AGREED_CARD_CONFIDENCE,
  CLEAR_CARD_MARGIN,
  CLEAR_CARD_MIN_LENGTH,
  GARBLED_OCR_CONFIDENCE,
  LINE_OF_NAME_SIMILARITY,
  MIN_CARD_CONFIDENCE,
  MIN_SHORT_NAME_CONFIDENCE,
  MIN_TINY_NAME_OCR_CONFIDENCE,
  NAME_TRUSTED_CONFIDENCE,
  NESTED_NAME_MARGIN,
  OTHER_WORDS_SIMILARITY,
  SAME_FIT_MARGIN,
  TINY_NAME_LETTERS,
} from './thresholds';
/**
 * Whether a reading names its card on its own: it fits the card well, and where the OCR doubts
 * what it read and the name is short, spells it exactly. Chance lands garbled letters on short
 * names (MIN_SHORT_NAME_CONFIDENCE): two letters of art read at OCR confidence 27 ("nl", at a name
 * place that missed PENNSYLVANIA STATION (1910 - 1963)) fit N1 at 0.8 (bench seed 39031, WebP). A
 * long name read garbled but close is that name (AGREED_CARD_CONFIDENCE), and a second look at it
 * would cost time for nothing.
 */
export function isTrustedReading(
  result: MatchResult,
  ocrConfidence: number,
): result is MatchResult & { best: CardMatch } {
  const best = result.best;
  if (!best || best.confidence < NAME_TRUSTED_CONFIDENCE) return false;
  const doubted = ocrConfidence < GARBLED_OCR_CONFIDENCE && best.name.length < CLEAR_CARD_MIN_LENGTH;
  return !doubted || (best.confidence >= 1 && !chanceSpells(best, ocrConfidence));
}

/** Whether the name is so short that chance spells it in letters the OCR doubts this much (TINY_NAME_LETTERS). */
function chanceSpells(best: CardMatch, ocrConfidence: number): boolean {
  return keyLetters(best.name) <= TINY_NAME_LETTERS && ocrConfidence < MIN_TINY_NAME_OCR_CONFIDENCE;
}

/**
 * The second look a tile's first reading needs before a card is taken: none; a look for the longer
 * name it may be part of ('longer name': the name's rows across the tile, and a line higher); or
 * 'whole', those and more readings of the name, and its printed code.
 */
export type SecondLook = 'none' | 'longer name' | 'whole';

export function secondLookAt(
  result: MatchResult,
  nameText: string,
  ocrConfidence: number,
  index: CatalogIndex,
): SecondLook {
  if (!isTrustedReading(result, ocrConfidence)) return 'whole';
  const best = result.best;
  // Another card fits the read name as well: only the code can tell which one it is.
  if (result.alternatives.some((a) => a.confidence >= best.confidence - SAME_FIT_MARGIN)) return 'whole';
  // A name that is part of a longer one ("RAINBOW" of "RAINBOW SERPENT") may be that name cut
  // short where a dim, blurred line broke at its word gap, or its last line where the line finder
  // missed the first. So may a read that is whole words of a longer name while it fits another
  // card: LEMMING, the last line of UNGAVA COLLARED LEMMING, fits Lemmings at 0.88 (bench seed
  // 39037, 541 px). The name was read well: only the longer name is looked for. Over 432 bench
  // images (seeds 301-308, every class), 566 such looks with every reading and the code changed
  // no card, and took a third of the time spent reading names.
  if (index.isInsideLongerName(best.name) || index.isInsideLongerName(nameText)) return 'longer name';
  return 'none';
}

/**
 * Of two readings of one tile, the one whose card fits better; but of two trusted readings whose
 * names nest, the longer name if it fits nearly as well: the shorter one is what is left of it
 * when a reading lost a word.
 */
function betterReading(a: MatchResult, b: MatchResult): MatchResult {
  const [x, y] = [a.best, b.best];
  if (!x || !y) return x ? a : b;
  if (Math.min(x.confidence, y.confidence) >= NAME_TRUSTED_CONFIDENCE) {
    if (CatalogIndex.nests(x.name, y.name) && y.confidence >= x.confidence - NESTED_NAME_MARGIN) return b;
    if (CatalogIndex.nests(y.name, x.name) && x.confidence >= y.confidence - NESTED_NAME_MARGIN) return a;
  }
  return y.confidence > x.confidence ? b : a;
}

/** What vouches for a tile's best match beside its fit: the card several readings agree on, and the OCR's confidence in the reading it came from. */
export interface ReadEvidence {
  agreed?: AgreedCard;
  ocrConfidence?: number;
}

/** A card a tile's readings agree on, and the fit from which their agreement makes it read. */
export interface AgreedCard {
  code: string;
  from: number;
}

/**
 * The confidence a tile's best match needs to be read: less when its readings vouch for it, more
 * for a short name, and for a short name read from letters the OCR doubts, its exact spelling, as
 * `isTrustedReading` asks before it spares a second look. Such a reading that the second looks did
 * not confirm is chance: "Led" at OCR confidence 42 fit Leo at 0.87 where JURŌJIN was printed, and
 * "THE S00 XX)" at 34 The Sun (XIX) at 0.73 where THE FOOL (XXII) was (bench seeds 39037 and 204).
 * A name of two letters spelt in letters the OCR doubts more than chance spells them with
 * (`chanceSpells`) is not read at all, unless other readings vouch for it.
 */
function neededConfidence(best: CardMatch, { agreed, ocrConfidence = 100 }: ReadEvidence): number {
  if (best.code === agreed?.code) return agreed.from;
  if (best.name.length >= CLEAR_CARD_MIN_LENGTH) return MIN_CARD_CONFIDENCE;
  if (chanceSpells(best, ocrConfidence)) return Infinity;
  return ocrConfidence < GARBLED_OCR_CONFIDENCE ? 1 : MIN_SHORT_NAME_CONFIDENCE;
}

/**
 * The card read, or null for a guess. Its confidence is the chance it is the card printed: where
 * cards share its name (the catalog has eight such pairs: Osiris, Piranha, Phoenix…) and no code
 * was read to tell them apart, the name's fit shared among them, so the upload form asks the player
 * to check it and offers the other as an alternative.
 */
export function toReadCard(result: MatchResult, evidence: ReadEvidence = {}): ReadCard | null {
  const best = result.best;
  if (!best || best.confidence < neededConfidence(best, evidence)) return null;
  return {
    code: best.code,
    name: best.name,
    confidence: round(best.confidence / (1 + (result.undecidedTwins ?? 0))),
    alternatives: result.alternatives.map((a) => ({ ...a, confidence: round(a.confidence) })),
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * A deck holds a card at most once: when two readings land on the same card, the weaker one
 * falls back to its best alternative not yet in the deck.
 */
export function distinctCards(results: MatchResult[]): MatchResult[] {
  const order = results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (b.r.best?.confidence ?? 0) - (a.r.best?.confidence ?? 0));
  const used = new Set<string>();
  const chosen: MatchResult[] = new Array<MatchResult>(results.length);
  for (const { r, i } of order) {
    const options = [r.best, ...r.alternatives].filter((m): m is CardMatch => m !== null);
    const pick = options.find((m) => !used.has(m.code));
    if (pick) used.add(pick.code);
    const alternatives = options.filter((m) => m !== pick).slice(0, 5);
    // Taken as read, the card is as undecided among its twins; taken second, its twin is in the deck too.
    chosen[i] = pick === r.best ? { ...r, alternatives } : { best: pick ?? null, alternatives };
  }
  return chosen;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * A line a restyled tile prints its card code on: at most two words (the code, and a label at its
 * side such as PROTECTED), one of them a code holding a digit as printed. The digit keeps out
 * names whose letters read as one ("HAGGIS" as HAG615); only PIEZO2 of the catalog's names passes.
 */
function isCodeLine(line: string): boolean {
  const words = line.trim().split(/\s+/);
  return words.length <= 2 && words.some((w) => /\d/.test(w) && cardCodeIn(w) !== null);
}

export interface NameReading {
  nameText: string;
  codeText?: string;
}

/**
 * What a reading of a tile's name says: the name, and the card's code when a restyled tile prints
 * it on its own line right above the name, where the name's crop takes it in as a first line. A
 * crop that took in the code line alone (the name below it too narrow to be found: "I", "IO") is
 * read as both, so a name like PIEZO2 is still matched by name.
 */
export function nameReading(text: string): NameReading {
  const [first, ...rest] = text.trim().split('\n');
  if (!isCodeLine(first)) return { nameText: withoutLabel(oneLine(text)) };
  return { nameText: withoutLabel(oneLine(rest.length > 0 ? rest.join(' ') : first)), codeText: first.trim() };
}

/**
 * `nameReading`, and where a reading's first line may be a code line though none of its digits
 * came out as one, the catalog's word on it: blur and JPEG turn a code's 0s and 5s into O, D and S
 * ("reo SFNOOB" for SFN008 above BLIZZARD, "smarreren LUNDOS" for LUN005 above KANGAROO RAT,
 * "code above name" seeds 302 and 315), or leave the PROTECTED label beside a code read as noise
 * ("PROTECTED FSpoDa" above GIANT GRB RING). Such a line is set aside when the rest alone fits a
 * card better than the whole: the first line of a name that wraps ("HAGGIS" reads as HAG615)
 * fits worse without it.
 */
export function nameReadingIn(index: CatalogIndex, text: string): NameReading {
  const reading = nameReading(text);
  const [first, ...rest] = text.trim().split('\n');
  if (reading.codeText !== undefined || rest.length === 0 || !mayBeCodeLine(first, index)) return reading;
  const withoutFirst = { nameText: withoutLabel(oneLine(rest.join(' '))), codeText: first.trim() };
  const fit = ({ nameText }: NameReading): number => index.matchName(nameText).best?.confidence ?? 0;
  return fit(withoutFirst) > fit(reading) ? withoutFirst : reading;
}

/**
 * A line that may be a code line: at most two words, one of them the label, or a code read with
 * letters for digits: those a code's shape undoes (`cardCodeIn`), or any after a set's prefix.
 */
function mayBeCodeLine(line: string, index: CatalogIndex): boolean {
  const words = line.trim().split(/\s+/);
  return words.length <= 2 && words.some((w) => cardCodeIn(w) !== null || isLabel(w) || index.mayBeCode(w));
}

/**
 * How like the PROTECTED label a first word must be to be that label (PROTFCTIO: 0.73). No name
 * of the catalog starts with such a word: the closest, PROJECTION, is 0.66.
 */
const LABEL_SIMILARITY = 0.72;

/**
 * The text without the PROTECTED label a tile prints at the left of its code line: where a restyle
 * puts that line close above the name, the name's crop takes it in, and read alone it fit the card
 * Projection better than nothing. What follows the label is the rest of its line, or a name below
 * it; a stray mark after it ("PROTECTED i" at a name's usual place) would be the card "i".
 */
function withoutLabel(nameText: string): string {
  const [first, ...words] = nameText.split(' ');
  if (!isLabel(first)) return nameText;
  const rest = words.join(' ');
  return keyLetters(rest) >= 2 ? rest : '';
}

function isLabel(word: string): boolean {
  return nameSimilarity(nameKey(word), 'protected') >= LABEL_SIMILARITY;
}

/**
 * Whether a card read from garbled text is taken on that reading alone: a long name (chance lands
 * garbled text on short ones) that fits CLEAR_CARD_MARGIN better than the next card, `runnerUp`.
 */
export function leadsClearly(best: CardMatch, runnerUp: number): boolean {
  return best.name.length >= CLEAR_CARD_MIN_LENGTH && best.confidence - runnerUp >= CLEAR_CARD_MARGIN;
}

/**
 * The card a tile's garbled readings vouch for, from AGREED_CARD_CONFIDENCE: the one at least two
 * of them find, or the one a reading finds CLEAR_CARD_MARGIN ahead of any other card.
 * Two readings of the same text (two crops that binarise alike) are one where they fit the card
 * loosely (under NAME_TRUSTED_CONFIDENCE): the name broke once, and where its pieces land is chance
 * ("SRE a lL 8" read twice took Hypernova for Sea Lion at 0.56, "MEMOAL" twice Heimdall for Memory
 * at 0.67, on small blurred copies of the real screenshot: "all at once" seeds 39076 and 39079).
 * A text that fits its card closely, read twice, is the name read twice: "KEPLER 13 AB" four times
 * at OCR confidence 15-48 (desaturated, seed 455), "HYPE RNOVA" twice at 0 (all at once, 450).
 * A reading that fits two cards alike vouches for neither: "ROMN" and "ROMMN", ROBIN blurred on a
 * 523 px copy, fit Rōnin and Robin at 0.6 each ("restyled + small" unseen seed 39404).
 */
export function agreedCard(readings: MatchResult[], ocrResults: OcrResult[]): AgreedCard | undefined {
  const garbled = garbledReadings(readings, ocrResults, AGREED_CARD_CONFIDENCE).filter(
    ({ best, runnerUp }) => best.confidence > runnerUp,
  );
  // Of several cards found twice, the one its readings fit best: HEIMDALL read as "HEWDAL" and
  // "WEmOAL" is Heimdall at 0.62, though "HIND AL" and "MEIN DAL" of the same tile both land on Big
  // Al, at 0.57 ("all at once" seed 311, 655 px, blurred).
  const foundTwice = garbled
    .filter((a, i) =>
      garbled.some(
        (b, k) =>
          k !== i && b.best.code === a.best.code && (b.text !== a.text || a.best.confidence >= NAME_TRUSTED_CONFIDENCE),
      ),
    )
    .sort((a, b) => b.best.confidence - a.best.confidence)[0]?.best.code;
  const clear = garbled.find(({ best, runnerUp }) => leadsClearly(best, runnerUp));
  const agreed = foundTwice ?? clear?.best.code;
  return agreed ? { code: agreed, from: AGREED_CARD_CONFIDENCE } : undefined;
}

/**
 * The long-named card that three garbled readings of other texts find, each from
 * AGREED_BY_THREE_CONFIDENCE. A long name in the smallest font, small and blurred, breaks into
 * pieces that fit it at 0.4 or so ("GUERRA AND Pu | met", "GUER CNOE A AND Pa | aunt"), where chance
 * lands each reading on another card.
 */
export function foundThrice(readings: MatchResult[], ocrResults: OcrResult[]): string | undefined {
  const texts = new Map<string, Set<string>>();
  for (const { best, text } of garbledReadings(readings, ocrResults, AGREED_BY_THREE_CONFIDENCE)) {
    if (best.name.length >= CLEAR_CARD_MIN_LENGTH) texts.set(best.code, (texts.get(best.code) ?? new Set()).add(text));
  }
  return [...texts].find(([, found]) => found.size >= 3)?.[0];
}

/** A tile's reading as `wholerName` weighs it: the OCR's text, the name read in it, and its best card. */
export interface WeighedReading {
  text: string;
  nameText: string;
  best: CardMatch | null;
}

/**
 * Of the readings that hold more lines than `chosen`, the one whose long-named card `chosen` reads
 * one line of (LINE_OF_NAME_SIMILARITY) and whose other words read as that name's other words
 * (OTHER_WORDS_SIMILARITY): the name set on two lines, of which `chosen` caught one. Null when none.
 */
export function wholerName(chosen: WeighedReading, readings: WeighedReading[]): WeighedReading | null {
  const lineCount = (r: WeighedReading): number => r.text.trim().split('\n').length;
  const line = nameKey(chosen.nameText);
  const short = chosen.best;
  if (!short) return null;
  const readsWhole = (reading: WeighedReading): boolean => {
    const { best, nameText } = reading;
    return (
      best !== null &&
      best.code !== short.code &&
      best.name.length >= CLEAR_CARD_MIN_LENGTH &&
      best.name.length > short.name.length &&
      best.confidence >= MIN_CARD_CONFIDENCE &&
      lineCount(reading) > lineCount(chosen) &&
      partSimilarity(line, nameKey(best.name)) >= LINE_OF_NAME_SIMILARITY &&
      otherWordsSimilarity(nameText, best.name, line) >= OTHER_WORDS_SIMILARITY
    );
  };
  const surest = (a: WeighedReading, b: WeighedReading) => (b.best?.confidence ?? 0) - (a.best?.confidence ?? 0);
  return readings.filter(readsWhole).sort(surest)[0] ?? null;
}

/** How alike a word must be to a word of the line to be that word read again ("ANGAROO" of KANGAROO: 0.88). */
const SAME_WORD_SIMILARITY = 0.7;

/**
 * How like the words of `name` that are not the line's are the words of `read` that are not: the
 * rest of each, beside the words that are a word of the line (SAME_WORD_SIMILARITY), run together
 * (a garbled read breaks and joins words at will), as alike whole or the name's rest as part of
 * the read's.
 */
function otherWordsSimilarity(read: string, name: string, line: string): number {
  const lineWords = line.split(' ');
  const rest = (text: string): string =>
    nameKey(text)
      .split(' ')
      .filter((w) => !lineWords.some((l) => nameSimilarity(w, l) >= SAME_WORD_SIMILARITY))
      .join('');
  const [readRest, nameRest] = [rest(read), rest(name)];
  return Math.max(nameSimilarity(readRest, nameRest), partSimilarity(nameRest, readRest));
}

/**
 * The readings the OCR doubts (GARBLED_OCR_CONFIDENCE) whose best card fits from `from`: each with
 * its runner-up's fit and its name text as a key, so two crops that read alike count once.
 */
function garbledReadings(readings: MatchResult[], ocrResults: OcrResult[], from: number) {
  return readings.flatMap(({ best, alternatives }, i) =>
    best && best.confidence >= from && ocrResults[i].confidence < GARBLED_OCR_CONFIDENCE
      ? [{ best, runnerUp: alternatives[0]?.confidence ?? 0, text: nameKey(nameReading(ocrResults[i].text).nameText) }]
      : [],
  );
}

/**
 * Readings of one line each that, read one above the other, spell a card's name exactly: the
 * lines of a name that wraps, read by crops apart, none of them both. YELLOW-BELLIED and SEA SNAKE,
 * each read clearly (OCR confidence 49-96), are each the first or last words of several names, so
 * each fit none (0.5); SEA SNAKE fit Sea Sparkle at 0.73 and took it ("restyled: other name face"
 * unseen seed 39479). Joined, they are Yellow-Bellied Sea Snake, as sure as the less sure line.
 * Only an exact name is taken: two lines that merely come close to one are no evidence.
 */
export function linesOfOneName(readings: OcrResult[], index: CatalogIndex): OcrResult[] {
  // Each one-line text read, with the surest OCR confidence it was read at.
  const sureness = new Map<string, number>();
  for (const { text, confidence } of readings) {
    const line = text.trim();
    if (line && !line.includes('\n')) sureness.set(line, Math.max(sureness.get(line) ?? 0, confidence));
  }
  const joined: OcrResult[] = [];
  for (const [upper, upperSureness] of sureness) {
    for (const [lower, lowerSureness] of sureness) {
      const text = `${upper}\n${lower}`;
      if (upper !== lower && index.isName(text))
        joined.push({ text, confidence: Math.min(upperSureness, lowerSureness) });
    }
  }
  return joined;
}

/**
 * Of a tile's readings weighed together (each OCR result, the name read in it and its match), the
 * one whose card is taken, and what vouches for that card.
 */
export function decideTile(
  readings: MatchResult[],
  ocrResults: OcrResult[],
  parsed: NameReading[],
): { chosen: MatchResult; evidence: ReadEvidence } {
  // The card is as sure as the surest reading that finds it: VIGRIPR read four times, first
  // at OCR confidence 35 and then at 82, is Vígríðr (bench seed 39039).
  const ocrConfidenceOf = (chosen: MatchResult): number =>
    Math.max(...readings.map((r, k) => (r.best?.code === chosen.best?.code ? ocrResults[k].confidence : 0)));
  // The card a reading of one line fits best, unless a reading of more lines finds the long
  // name that line is one of (`wholerName`): "GARNET" is Garnet at 1, "HE NKMY HMMGHL AND /
  // GARNET" Henry Highland Garnet at 0.76 ("all at once" tuning seed 398, 630 px, blurred).
  const weighed = readings.map((r, k) => ({ text: ocrResults[k].text, nameText: parsed[k].nameText, best: r.best }));
  const fittest = readings.reduce(betterReading);
  const whole = wholerName(weighed[readings.indexOf(fittest)], weighed);
  const best = whole ? readings[weighed.indexOf(whole)] : fittest;
  const agreed = agreedCard(readings, ocrResults);
  // The reading that fits a card best, unless that card is no reading, or one reading alone,
  // and three readings find another: "et EE" fit Elliot See at 0.5, a short name read garbled,
  // where four garbled readings found Queen Victoria and Prince Albert ("all at once" seed 305);
  // a stroke read as "I" is the card "i" at 1, where seven found Kepler's Supernova at 0.58-0.68
  // (seed 349, 520 px, blurred). Two readings do not displace the best: they can share one
  // garble ("THE POO Xx)" and "THf YOO Xx)" both fit The World (XXI) where THE FOOL (XXII) was,
  // seed 311).
  const readable = (r: MatchResult): boolean => toReadCard(r, { agreed, ocrConfidence: ocrConfidenceOf(r) }) !== null;
  const bestReadable = readable(best);
  const readAlone = readings.filter((r) => r.best?.code === best.best?.code).length === 1;
  const thrice = readAlone || !bestReadable ? foundThrice(readings, ocrResults) : undefined;
  // Nor where that reading cannot be read on what vouches for it and another can: the card read is
  // then the best fit of the readings that can be. Five clean readings of EASTER ISLAND (OCR
  // confidence 66-94) fit Easter Island Statues at 0.62, enough for a long name, where "Satues" at
  // 0 fit Saturn at 0.67 ("restyled + photo" tuning seed 230); two garbled readings of THE FOOL
  // (XXII) agreed on it at 0.62 and 0.66, where one of art fit Flea at 0.75 ("all at once" tuning
  // seed 234, 490 px, enlarged).
  const readableInstead = thrice || bestReadable ? [] : readings.filter(readable);
  const chosen = thrice
    ? readings.filter((r) => r.best?.code === thrice).reduce(betterReading)
    : readableInstead.length > 0
      ? readableInstead.reduce(betterReading)
      : best;
  return {
    chosen,
    evidence: {
      agreed: thrice ? { code: thrice, from: AGREED_BY_THREE_CONFIDENCE } : agreed,
      ocrConfidence: ocrConfidenceOf(chosen),
    },
  };
}

/**
 * The card of each tile: by name, and where the name is ambiguous or poorly read, by its printed
 * code and a second look at the name too (the reading that fits a card best is kept, and the card
 * two readings agree on, with the surest reading's OCR confidence, is noted in `evidence`).
 */
export async function matchTiles(
  tiles: Rect[],
  places: NamePlace[],
  nameResults: OcrResult[],
  { pool, index, trace }: ReadDeckOptions,
  /** Per tile, readings of its name at another place (the usual one, or the line found), weighed with the second looks. */
  otherReadings: OcrResult[][] = [],
) {
  const firstReadings = nameResults.map((r) => nameReadingIn(index, r.text));
  const nameTexts = firstReadings.map((r) => r.nameText);
  const matches = firstReadings.map((reading) => index.match(reading));
  const looks = matches.map((m, i) => secondLookAt(m, nameTexts[i], nameResults[i].confidence, index));
  const unsure = looks.map((look, i) => (look === 'none' ? -1 : i)).filter((i) => i >= 0);
  /** What vouches for each tile's card; a tile read once, its one reading's OCR confidence. */
  const evidence: ReadEvidence[] = nameResults.map((r) => ({ ocrConfidence: r.confidence }));
  /** The code line read on each tile looked at twice ('' for the others): a card the catalog lacks is told by it. */
  const codeTexts = matches.map(() => '');
  /** Per tile looked at twice, every reading weighed and the card each fits best (for `--trace`). */
  const secondLooks: Record<string, unknown> = {};
  if (unsure.length > 0) {
    const codeJobs = unsure.map((i) => (looks[i] === 'whole' ? codeCrops(tiles[i], places[i]) : []));
    const nameJobs = unsure.map((i) =>
      looks[i] === 'whole' ? secondNameJobs(tiles[i], places[i]) : longerNameJobs(tiles[i], places[i]),
    );
    const jobs = unsure.map((_, k) => [...codeJobs[k], ...nameJobs[k]]);
    const results = await pool.recognizeAll(jobs.flat());
    let at = 0;
    unsure.forEach((tileIndex, k) => {
      const tileResults = results.slice(at, (at += jobs[k].length));
      const codeReads = tileResults.slice(0, codeJobs[k].length);
      const ownSecondNames = tileResults.slice(codeJobs[k].length).map((r) => asNameText(places[tileIndex], r));
      const secondNames = [...ownSecondNames, ...(otherReadings[tileIndex] ?? [])];
      const apart = [nameResults[tileIndex], ...secondNames];
      const ocrResults = [...apart, ...linesOfOneName(apart, index)];
      const parsed = ocrResults.map((r) => nameReadingIn(index, r.text));
      // The tile prints one code, whichever crop took it in: a code line a reading of the name took
      // in weighs for every reading of the tile. Seed 405 of "code above name": only the reading a
      // line higher held "PROTECTED OFF025", and the first reading's PIRANHA, as sure and read first,
      // had led to the other Piranha, OFI025.
      // So does a code a reading took in beside the name: "PROTECTED VY LPLO1O", one line, where the
      // code crops read nothing ("restyled: art square" seed 302, IVY under the label's row).
      const codeText = [
        ...codeReads.map((r) => r.text),
        ...parsed.flatMap((p) => p.codeText ?? []),
        ...ocrResults.flatMap((r) => cardCodeIn(r.text) ?? []),
      ].join('\n');
      codeTexts[tileIndex] = codeText;
      const readings = parsed.map((p) => index.match({ nameText: p.nameText, codeText }));
      if (trace)
        secondLooks[tileName(tileIndex)] = {
          code_read: codeText,
          readings: ocrResults.map((r, k) => ({ ...ocrSummary(r), best: readings[k].best })),
        };
      const decided = decideTile(readings, ocrResults, parsed);
      matches[tileIndex] = decided.chosen;
      evidence[tileIndex] = decided.evidence;
    });
  }
  trace?.note('second_looks', secondLooks);
  return { matches: distinctCards(matches), evidence, codeTexts, nameTexts };
}
