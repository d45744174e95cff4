/**
 * Each tile's name, read at its usual place first, and looked for among the tile's own lines
 * (`name-lines.ts`) only where that can change the answer. The game's own tiles, nearly every
 * upload, are read in one round as they always were; a tile is searched, and read again where its
 * name is found, only when the catalog does not trust its usual reading or its usual place holds
 * no line as wide as a name (a restyled tile, whose name sits elsewhere). So a trusted reading of
 * a name at the usual place is never changed.
 */
import type { MatchResult } from '../catalog/catalog-index';
import type { OcrJob, OcrResult } from '../runtime/worker-pool';
import { darkTextCopy } from './name-lines';
import { foundNamePlace, holdsName, nameJob, namePlace, nameReading, type NamePlace } from './name-reading';
import type { ReadDeckOptions } from './reading';
import { NAME_TRUSTED_CONFIDENCE } from './thresholds';
import type { Rect, RgbImage } from './tile-grid';

/** A tile's name as read: where, the crop read, what it says and the card it fits; and its readings elsewhere. */
export interface TileName {
  place: NamePlace;
  job: OcrJob;
  result: OcrResult;
  match: MatchResult;
  /** Readings of the name at another place (the usual one, or the line found), weighed with the second looks. */
  otherReadings: OcrResult[];
}

const confidence = (match: MatchResult): number => match.best?.confidence ?? 0;

/**
 * Of a tile read twice, the reading that fits a card better leads (its place gets the second
 * looks) and the other is weighed with them. A tie keeps the usual place, unless it holds no name:
 * a stray stroke there reads as the one-letter card "i" as well as the name found reads as its own.
 */
export async function readNames(img: RgbImage, tiles: Rect[], { pool, index }: ReadDeckOptions): Promise<TileName[]> {
  const matchOf = (result: OcrResult): MatchResult => index.match(nameReading(result.text));
  const usual = tiles.map((tile) => namePlace(img, tile));
  const usualJobs = usual.map((place) => nameJob(place));
  const usualResults = await pool.recognizeAll(usualJobs);
  const names = usual.map((place, i): TileName => ({
    place,
    job: usualJobs[i],
    result: usualResults[i],
    match: matchOf(usualResults[i]),
    otherReadings: [],
  }));
  const untrusted = names.map((name) => confidence(name.match) < NAME_TRUSTED_CONFIDENCE);
  const nameless = names.map((name, i) => !holdsName(tiles[i], name.place));
  const doubtful = names.flatMap((_, i) => (untrusted[i] || nameless[i] ? [i] : []));
  if (doubtful.length === 0) return names;
  // Dark names on bright bodies are looked for in a dark-text copy of the doubtful tiles alone: of
  // each whole tile, since a name found there gets its code and second looks read around it.
  const darkCopy = darkTextCopy(
    img,
    doubtful.map((i) => tiles[i]),
  );
  const found = doubtful.flatMap((i) => {
    const place = foundNamePlace(img, darkCopy, tiles[i], usual[i]);
    return place ? [{ i, place, job: nameJob(place) }] : [];
  });
  const foundResults = await pool.recognizeAll(found.map(({ job }) => job));
  found.forEach(({ i, place, job }, k) => {
    const atFound: TileName = {
      place,
      job,
      result: foundResults[k],
      match: matchOf(foundResults[k]),
      otherReadings: [],
    };
    const atUsual = names[i];
    const margin = confidence(atFound.match) - confidence(atUsual.match);
    names[i] =
      margin > 0 || (margin === 0 && nameless[i])
        ? { ...atFound, otherReadings: [atUsual.result] }
        : { ...atUsual, otherReadings: [atFound.result] };
  });
  return names;
}
