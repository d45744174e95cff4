/**
 * Reads a CUE "share deck" image: the deck code from the header and up to 18 cards from the tiles.
 *
 * The colours are normalised first (night-shift tints, dimmed screens), the perspective of a
 * screen photographed at an angle and a small rotation are undone, then the tiles are found from their frames (`tile-finder.ts`). With a grid found, each
 * tile's name band is read on its own (one short line, the reader's best case) and the header is
 * read for "DECK CODE: ...". Tiles whose name is ambiguous (two cards share it) or poorly read get
 * a second look at their small printed code. On a small turned copy, the tiles no reading matched
 * are read again in a copy turned and enlarged in one resample. Without a full grid (a crop, a
 * different layout), or with tiles no reading fits, the text of the whole picture is read too, card
 * names are searched in its lines and each is put where it was read (`merge-readings.ts`).
 *
 * The stages walk pixels in JavaScript: it runs in the reader thread (`reader-thread.ts`), never
 * on the server's event loop.
 */
import { DECK_SIZE } from '../../../common/game';
import { normaliseColour } from './colour-normalise';
import { analysisCopy, edgeMaps } from './edge-maps';
import { decodeImage } from './image-input';
import { estimatePerspective, undoPerspective } from './perspective';
import { MIN_CORRECTED_ANGLE, estimateRotation, unrotate } from './rotation';
import { readTextAnywhere } from './text-fallback';
import { findTiles } from './tile-finder';
import { readDeckCode } from './header-policy';
import { asNameText, foundNamePlace, nameJob, namePlace, secondNameJobs, type NamePlace } from './name-reading';
import { darkTextCopy, findNameLines, isFaintLine } from './name-lines';
import { isTrustedReading, leadsClearly, matchTiles, nameReadingIn, toReadCard } from './match-tiles';
import { mergeByPosition, type GridReading } from './merge-readings';
import { ENLARGED_WIDTH, ENLARGE_BELOW_WIDTH, MIN_CARD_CONFIDENCE } from './thresholds';
import { OcrBusyError } from '../ocr-errors';
import { READ_FAILED, isPassedOn, type DeckReading, type ReadCard, type ReadDeckOptions } from './reading';
import type { Rect, RgbImage, TileGrid } from './tile-grid';
import { cardCodeIn, nameAsRead, shareOfImage, type UnknownCard } from './unknown-cards';
import { ocrSummary, tileName, type StageTrace } from './trace';
import type { MatchResult } from '../catalog/catalog-index';
import type { OcrJob, OcrResult } from '../runtime/worker-pool';

async function readTiles(
  { img, grid, enlarged }: Located & { grid: TileGrid },
  options: ReadDeckOptions,
): Promise<GridReading & { deck_code: string | null; unknownCards: UnknownCard[] }> {
  const { pool, trace } = options;
  const tiles = grid.tiles.slice(0, DECK_SIZE);
  // Header and names side by side, so both workers stay busy until the last crop.
  const [deckCode, { places, nameJobs, nameResults, matches, evidence, codeTexts, nameTexts }] = await Promise.all([
    readDeckCode(img, grid, pool, trace),
    readAndMatchNames(img, tiles, options),
  ]);
  const read = matches.map((match, i) => toReadCard(match, evidence[i]));
  if (trace) traceTiles(trace, img, tiles, places, nameJobs, nameResults, matches, read);
  if (enlarged && read.includes(null)) await readUnreadEnlarged(enlarged, tiles, read, matches, options);
  // A name read clearly enough that matches no card: a card newer than the catalog, read as printed.
  const unknownCards = read.flatMap((card, i): UnknownCard[] =>
    card === null && looksLikeName(nameTexts[i])
      ? [
          {
            position: i,
            code: cardCodeIn(codeTexts[i]),
            name: nameAsRead(nameTexts[i]),
            box: shareOfImage(tiles[i], img.width, img.height),
          },
        ]
      : [],
  );
  const settled = read.map((card, i) => card !== null || unknownCards.some((u) => u.position === i));
  return { deck_code: deckCode, tiles, read, settled, unknownCards };
}

/**
 * Each tile's name, read where the tile's own lines put it when that is not the usual place, and
 * at the usual place too when the catalog does not trust what was read there: the game's own
 * tiles read as they always did, a restyled tile where its name now is. Of the two readings of a
 * tile read twice, the one that fits a card better leads (its place gets the second looks), the
 * other is weighed with them.
 */
async function readNames(img: RgbImage, tiles: Rect[], { pool, index }: ReadDeckOptions) {
  const usual = tiles.map((tile) => namePlace(img, tile));
  const darkCopy = darkTextCopy(img);
  const nameLines = tiles.map((tile) => findNameLines(img, darkCopy, tile));
  const found = tiles.map((tile, i) => foundNamePlace(img, tile, usual[i], nameLines[i][0]));
  const places = tiles.map((_, i) => found[i] ?? usual[i]);
  const nameJobs = places.map((place) => nameJob(place));
  const nameResults = (await pool.recognizeAll(nameJobs)).map((result, i) => asNameText(places[i], result));
  const matchOf = (result: OcrResult) => index.match(nameReadingIn(index, result.text));
  /**
   * A line found only at a looser whiteness than bold ink's (`findNameLines`) may be the grey edge
   * of art: its reading does not settle the tile alone, and the usual place wins a tie. The foot of
   * a tarot card in bright art read "i", the card i exactly, over THE FOOL (XXII) at the usual
   * place (the real screenshot turned 1.55°, "rotation" tuning seed 230).
   */
  const isFaint = (i: number): boolean => !!nameLines[i][0] && isFaintLine(nameLines[i][0]);
  /** Tiles whose line found was read untrusted, or is faint, with that place and what its reading fits. */
  const untrusted = found.flatMap((place, i) => {
    const match = place ? matchOf(nameResults[i]) : null;
    return place && match && (isFaint(i) || !isTrustedReading(match, nameResults[i].confidence))
      ? [{ i, place, match }]
      : [];
  });
  const otherReadings: OcrResult[][] = tiles.map(() => []);
  if (untrusted.length > 0) {
    const usualJobs = untrusted.map(({ i }) => nameJob(usual[i]));
    const usualResults = (await pool.recognizeAll(usualJobs)).map((r, k) => asNameText(usual[untrusted[k].i], r));
    /** Tiles neither place read a trusted name at, with the place that lost. */
    const doubtful: Array<{ i: number; lost: NamePlace }> = [];
    untrusted.forEach(({ i, place, match }, k) => {
      const atFound = nameResults[i];
      const atUsual = usualResults[k];
      // A tie goes to the line found, unless it is faint: the usual place of a restyled tile holds
      // the labels and code around a name, which fit some card as poorly as a short name read badly
      // fits its own.
      const usualMatch = matchOf(atUsual);
      const [usualFit, foundFit] = [usualMatch.best?.confidence ?? 0, match.best?.confidence ?? 0];
      const usualFitsBetter = usualFit > foundFit || (isFaint(i) && usualFit === foundFit);
      if (usualFitsBetter) {
        places[i] = usual[i];
        nameJobs[i] = usualJobs[k];
        nameResults[i] = atUsual;
      }
      otherReadings[i].push(usualFitsBetter ? atFound : atUsual);
      // The line found was read untrusted (that is why the usual place was read): only a trusted
      // reading at the usual place settles the tile, and only where the line found names no other card.
      const keptIsTrusted = usualFitsBetter && isTrustedReading(usualMatch, atUsual.confidence);
      if (!keptIsTrusted || disputes(match, usualMatch)) doubtful.push({ i, lost: usualFitsBetter ? place : usual[i] });
    });
    // Where neither place read a name the catalog trusts, one failed reading does not tell which
    // place holds the name, so the place that lost gets the second looks too. Tesseract read no
    // letter on EIRENE, clean and bold, at the line found, and art at the usual place fit D.B.
    // Cooper at 0.43 ("band high" unseen seed 39111); a blob found beside QUEEN VICTORIA AND PRINCE
    // ALBERT read "©", the usual place fit the card at 0.56 ("all at once" tuning seed 304).
    // So does the tile's next most name-like line: the line found may be a decoration that outranks
    // the name (the rarity badge with its LIMITED CARD label read "Ta A", where WITCH stood clean
    // below it: "band high" unseen seed 39329).
    const looks = doubtful.flatMap(({ i, lost }) => {
      const next = foundNamePlace(img, tiles[i], usual[i], nameLines[i][1]);
      return [
        ...secondNameJobs(tiles[i], lost).map((job) => ({ i, place: lost, job })),
        ...(next ? [{ i, place: next, job: nameJob(next) }] : []),
      ];
    });
    const lookResults = looks.length > 0 ? await pool.recognizeAll(looks.map(({ job }) => job)) : [];
    looks.forEach(({ i, place }, k) => otherReadings[i].push(asNameText(place, lookResults[k])));
  }
  return { places, nameJobs, nameResults, otherReadings };
}

/**
 * Whether the line found read another card than the usual place, well enough to be a name: then
 * the usual place's reading does not settle the tile alone, however well it fits. A restyle's
 * label and the top of its name, read together at the usual place ("PROTECTED SHEE"), fit Sheep
 * at 0.8 where the name found below, DEATH (XIII), read "DEATH (XH)" ("name band low" unseen seed
 * 39393).
 */
function disputes(atFound: MatchResult, atUsual: MatchResult): boolean {
  const [found, usual] = [atFound.best, atUsual.best];
  return !!found && !!usual && found.name !== usual.name && found.confidence >= MIN_CARD_CONFIDENCE;
}

/** The tiles' names read (`readNames`) and matched against the catalog (`matchTiles`). */
async function readAndMatchNames(img: RgbImage, tiles: Rect[], options: ReadDeckOptions) {
  const { places, nameJobs, nameResults, otherReadings } = await readNames(img, tiles, options);
  return { places, nameJobs, nameResults, ...(await matchTiles(tiles, places, nameResults, options, otherReadings)) };
}

/**
 * Whether a card read in the enlarged copy is taken on that reading alone, as a garbled reading of
 * a tile is (`leadsClearly`): a long name, which the game prints in its smallest font, the text
 * enlarging is for, leading every other card by CLEAR_CARD_MARGIN. A short name is printed large:
 * where it was not read at the copy's own size, the enlarged reading is garbled too, and chance
 * lands it on some short name (HEIMDALL read MEADAL took Medaka at 0.67, the next cards at 0.5:
 * "all at once" tuning seed 234, 490 px), where QUEEN VICTORIA AND PRINCE ALBERT, read at
 * 0.54-0.59, led the next card by 0.20-0.25.
 */
const isTakenEnlarged = (card: ReadCard): boolean => leadsClearly(card, card.alternatives[0]?.confidence ?? 0);

/**
 * The names of the tiles no reading matched, read again in a copy of the image enlarged
 * (`Located.enlarged`); a card found there that the deck does not hold yet takes its tile when its
 * reading is clear enough alone (`isTakenEnlarged`) or the tile's first reading fits it best too,
 * though too unsure to take it then: two readings of two resamples vouch for it, as two readings
 * of one tile do (`AGREED_CARD_CONFIDENCE`).
 */
async function readUnreadEnlarged(
  enlarged: () => Promise<EnlargedCopy>,
  tiles: Rect[],
  read: Array<ReadCard | null>,
  firstMatches: MatchResult[],
  options: ReadDeckOptions,
): Promise<void> {
  const unread = read.flatMap((card, i) => (card === null ? [i] : []));
  const { img, scale } = await enlarged();
  const enlargedTiles = unread.map((i) => scaled(tiles[i], scale));
  // Its trace would overwrite the first reading's: what it found is noted on its own.
  const again = await readAndMatchNames(img, enlargedTiles, { ...options, trace: undefined }).catch(
    (error: unknown) => {
      // A full reader keeps the first reading: a second chance is worth less than an answer.
      if (error instanceof OcrBusyError) return null;
      throw error;
    },
  );
  if (!again) return;
  const { nameResults, matches, evidence } = again;
  const held = new Set(read.flatMap((card) => (card ? [card.code] : [])));
  const found: Record<string, unknown> = {};
  unread.forEach((tileIndex, k) => {
    const card = toReadCard(matches[k], evidence[k]);
    found[tileName(tileIndex)] = { name_read: ocrSummary(nameResults[k]), chosen: card };
    const agreed = card?.code === firstMatches[tileIndex].best?.code;
    if (!card || held.has(card.code) || !(agreed || isTakenEnlarged(card))) return;
    held.add(card.code);
    read[tileIndex] = card;
  });
  options.trace?.note('enlarged_names', { scale, tiles: found });
}

/** Each tile's crop and name crop, and per tile the text read, the candidates and the card chosen. */
function traceTiles(
  trace: StageTrace,
  img: RgbImage,
  tiles: Rect[],
  places: NamePlace[],
  nameJobs: OcrJob[],
  nameResults: OcrResult[],
  matches: MatchResult[],
  read: Array<ReadCard | null>,
): void {
  tiles.forEach((tile, i) => {
    trace.region(`tiles/${tileName(i)}`, img, tile);
    trace.ocrCrop(`names/${tileName(i)}`, nameJobs[i], nameResults[i]);
  });
  trace.note(
    'tiles',
    tiles.map((tile, i) => ({
      tile: tileName(i),
      box: tile,
      // The name's lines as the line finder measured them: what the name was read from.
      name_lines: places[i].lines.map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
      name_read: ocrSummary(nameResults[i]),
      candidates: [matches[i].best, ...matches[i].alternatives].filter((m) => m !== null),
      chosen: read[i] ? { code: read[i].code, name: read[i].name, confidence: read[i].confidence } : null,
    })),
  );
}

/** Text with three letters or more: a name the catalog should know, not a crop of art. */
function looksLikeName(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) >= 3;
}

/** An enlarged copy of the located image, and its pixels' size against the located image's. */
interface EnlargedCopy {
  img: RgbImage;
  scale: number;
}

interface Located {
  /** The image with colours normalised, perspective and rotation undone. */
  img: RgbImage;
  /** Its tile grid, null when none is found. */
  grid: TileGrid | null;
  /** Makes the enlarged copy, for a small copy whose rotation was undone. */
  enlarged?: () => Promise<EnlargedCopy>;
}

const scaled = (r: Rect, by: number): Rect => ({
  left: r.left * by,
  top: r.top * by,
  width: r.width * by,
  height: r.height * by,
});

/** The image with colours normalised, perspective and rotation undone, and its tile grid. */
export async function locate(decoded: RgbImage, trace?: StageTrace): Promise<Located> {
  let img = decoded;
  normaliseColour(img);
  let edges = edgeMaps(await analysisCopy(img), img.width);
  // A photo of a screen is made upright first; what rotation is left is then undone as for a scan.
  const perspective = estimatePerspective(edges);
  if (perspective) {
    img = undoPerspective(img, perspective);
    edges = edgeMaps(await analysisCopy(img), img.width);
  }
  const angle = estimateRotation(edges);
  let enlarged: Located['enlarged'];
  if (Math.abs(angle) >= MIN_CORRECTED_ANGLE) {
    const upright = img;
    img = await unrotate(upright, angle);
    edges = edgeMaps(await analysisCopy(img), img.width);
    if (!perspective && upright.width < ENLARGE_BELOW_WIDTH) {
      const scale = ENLARGED_WIDTH / upright.width;
      enlarged = async () => ({ img: await unrotate(upright, angle, scale), scale });
    }
  }
  const grid = findTiles(edges);
  if (trace) {
    trace.region('grid', img);
    trace.note('located', {
      size: { width: img.width, height: img.height },
      perspective_undone: perspective,
      rotation_degrees: angle,
      rotation_undone: Math.abs(angle) >= MIN_CORRECTED_ANGLE,
      grid: grid ? { tiles: grid.tiles.length, columns: grid.columns, top: grid.top } : null,
    });
  }
  return { img, grid, enlarged };
}

/**
 * Reads a decoded image: tile by tile when a grid is found. When the grid is not a whole deck, or
 * some of its tiles could not be read, the text anywhere in the image is read too and merged by
 * where each name was read: a crop or an unknown layout is never read worse than as plain text.
 */
async function readPixels(decoded: RgbImage, options: ReadDeckOptions): Promise<DeckReading> {
  const located = await locate(decoded, options.trace);
  const { img, grid } = located;
  const fromGrid = grid && grid.tiles.length > 0 ? await readTiles({ ...located, grid }, options) : null;
  const known = fromGrid ? { unmatchedNames: fromGrid.unknownCards.length, unknownCards: fromGrid.unknownCards } : {};
  const gridCards = fromGrid?.read.filter((c): c is ReadCard => c !== null) ?? [];
  if (fromGrid && fromGrid.tiles.length >= DECK_SIZE && fromGrid.settled.every(Boolean)) {
    return { deck_code: fromGrid.deck_code, cards: gridCards, path: 'grid', ...known };
  }
  const text = await readTextAnywhere(img, options);
  const { cards, fromText } = mergeByPosition(fromGrid, text.found);
  return {
    deck_code: fromGrid?.deck_code ?? text.deck_code,
    cards,
    path: fromText > 0 || !fromGrid ? 'text' : 'grid',
    ...(fromGrid && fromGrid.tiles.length >= DECK_SIZE ? known : {}),
    ...(cards.length < DECK_SIZE
      ? { message: `Found ${cards.length} of ${DECK_SIZE} cards: please check the list.` }
      : {}),
  };
}

/**
 * Reads the deck in an uploaded image, in the calling thread. Rejects with `OcrImageError` for a
 * file that is not a readable image and `OcrBusyError` / `OcrTimeoutError` from the pool; any other
 * failure is an answer with no cards and a message, logged with the image's size and format.
 */
export async function readDeckInThisThread(buffer: Buffer, options: ReadDeckOptions): Promise<DeckReading> {
  const img = await decodeImage(buffer);
  if (img.tooSmall) return { deck_code: null, cards: [], path: 'none', message: img.tooSmall };
  try {
    return await readPixels(img, options);
  } catch (error) {
    if (isPassedOn(error)) throw error;
    console.error(`deck reader failed on a ${img.sourceWidth}x${img.sourceHeight} ${img.format} image:`, error);
    return { deck_code: null, cards: [], path: 'none', message: READ_FAILED };
  }
}
