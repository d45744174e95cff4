/**
 * Reads a CUE "share deck" image: the deck code from the header and up to 18 cards from the tiles.
 *
 * The colours are normalised first (night-shift tints, dimmed screens), the perspective of a
 * screen photographed at an angle and a small rotation are undone, then the tiles are found from their frames (`tile-finder.ts`). With a grid found, each
 * tile's name band is read on its own (one short line, the reader's best case) and the header is
 * read for "DECK CODE: ...". Tiles whose name is ambiguous (two cards share it) or poorly read get
 * a second look at their small printed code. Without a full grid (a crop, a different layout), the
 * text of the whole picture is read too and card names are searched in its lines.
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
import { distinctCards, matchTiles, toReadCard } from './match-tiles';
import { readNames, type TileName } from './read-names';
import { READ_FAILED, isPassedOn, type DeckReading, type ReadCard, type ReadDeckOptions } from './reading';
import type { Rect, RgbImage, TileGrid } from './tile-grid';
import { cardCodeIn, nameAsRead, shareOfImage, type UnknownCard } from './unknown-cards';
import { ocrSummary, type StageTrace } from './trace';
import type { MatchResult } from '../catalog/catalog-index';

async function readTiles(
  img: RgbImage,
  grid: TileGrid,
  options: ReadDeckOptions,
): Promise<{ deck_code: string | null; cards: ReadCard[]; unmatchedNames: number; unknownCards: UnknownCard[] }> {
  const { pool, trace } = options;
  const tiles = grid.tiles.slice(0, DECK_SIZE);
  // Header and names side by side, so both workers stay busy until the last crop.
  const [deckCode, { names, matches, agreed, codeTexts, nameTexts }] = await Promise.all([
    readDeckCode(img, grid, pool, trace),
    readNames(img, tiles, options).then(async (names) => ({ names, ...(await matchTiles(tiles, names, options)) })),
  ]);
  const read = matches.map((match, i) => toReadCard(match, agreed[i]));
  if (trace) traceTiles(trace, img, tiles, names, matches, read);
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
  return {
    deck_code: deckCode,
    cards: read.filter((c): c is ReadCard => c !== null),
    unmatchedNames: unknownCards.length,
    unknownCards,
  };
}

/** Each tile's crop and name crop, and per tile the text read, the candidates and the card chosen. */
function traceTiles(
  trace: StageTrace,
  img: RgbImage,
  tiles: Rect[],
  names: TileName[],
  matches: MatchResult[],
  read: Array<ReadCard | null>,
): void {
  const tileName = (i: number) => `tile-${String(i + 1).padStart(2, '0')}`;
  tiles.forEach((tile, i) => {
    trace.region(`tiles/${tileName(i)}`, img, tile);
    trace.ocrCrop(`names/${tileName(i)}`, names[i].job, names[i].result);
  });
  trace.note(
    'tiles',
    tiles.map((tile, i) => ({
      tile: tileName(i),
      box: tile,
      name_read: ocrSummary(names[i].result),
      candidates: [matches[i].best, ...matches[i].alternatives].filter((m) => m !== null),
      chosen: read[i] ? { code: read[i].code, name: read[i].name, confidence: read[i].confidence } : null,
    })),
  );
}

/** Text with three letters or more: a name the catalog should know, not a crop of art. */
function looksLikeName(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) >= 3;
}

/** The image with colours normalised and rotation undone, and its tile grid (null when none). */
async function locate(decoded: RgbImage, trace?: StageTrace): Promise<{ img: RgbImage; grid: TileGrid | null }> {
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
  if (Math.abs(angle) >= MIN_CORRECTED_ANGLE) {
    img = await unrotate(img, angle);
    edges = edgeMaps(await analysisCopy(img), img.width);
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
  return { img, grid };
}

/**
 * Reads a decoded image: tile by tile when a grid of a whole deck is found; otherwise also the
 * text anywhere in it, so a crop or an unknown layout is never read worse than as plain text.
 */
async function readPixels(decoded: RgbImage, options: ReadDeckOptions): Promise<DeckReading> {
  const { img, grid } = await locate(decoded, options.trace);
  const fromGrid = grid && grid.tiles.length > 0 ? await readTiles(img, grid, options) : null;
  if (fromGrid && grid && grid.tiles.length >= DECK_SIZE) return { ...fromGrid, path: 'grid' };
  const text = await readTextAnywhere(img, options);
  const fromText = {
    deck_code: text.deck_code,
    cards: distinctCards(text.found)
      .map((match) => toReadCard(match))
      .filter((c): c is ReadCard => c !== null),
  };
  const seen = new Set(fromGrid?.cards.map((c) => c.code));
  const extra = fromText.cards.filter((c) => !seen.has(c.code) && !fromGrid?.cards.some((g) => g.name === c.name));
  const cards = [...(fromGrid?.cards ?? []), ...extra].slice(0, DECK_SIZE);
  return {
    deck_code: fromGrid?.deck_code ?? fromText.deck_code,
    cards,
    path: extra.length > 0 || !fromGrid ? 'text' : 'grid',
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
