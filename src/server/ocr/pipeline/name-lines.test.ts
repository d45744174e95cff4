/**
 * Names found where they are (issue 35): a restyled tile's name is found from the tile's own lines,
 * light or dark, while the game's own tiles keep their usual place and are not searched at all.
 */
import { readFileSync } from 'node:fs';
import { CatalogIndex } from '../catalog/catalog-index';
import { generateScreenshot, type GeneratedLayout } from '../../demo/share-screenshot';
import { REAL_SCREENSHOT, loadRealCatalog } from '../../../../test/support/real-data';
import { readDeckImage } from '../runtime/read-deck-image';
import { testOcrPool } from '../../../../test/support/ocr-pool';
import { benchSample } from '../../../../test/support/bench-samples';
import type { OcrJobRunner } from '../runtime/worker-pool';
import { analysisCopy, edgeMaps } from './edge-maps';
import { decodeImage } from './image-input';
import { darkTextCopy, findNameLine } from './name-lines';
import { foundNamePlace, namePlace } from './name-reading';
import { readNames } from './read-names';
import { findTiles } from './tile-finder';
import type { RgbImage, TileGrid } from './tile-grid';

// The name-line search, watched (in this thread; readDeckImage reads in its own): a tile the usual
// place reads well is never searched.
vi.mock('./name-lines', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./name-lines')>();
  return { ...actual, findNameLine: vi.fn(actual.findNameLine) };
});

const catalog = loadRealCatalog();
const index = new CatalogIndex(catalog);
const pool = testOcrPool();

async function located(image: Buffer): Promise<{ img: RgbImage; grid: TileGrid }> {
  const img = await decodeImage(image);
  const grid = findTiles(edgeMaps(await analysisCopy(img), img.width));
  if (!grid) throw new Error('no grid');
  return { img, grid };
}

/** The pool, noting how many jobs each round of reading sends it. */
function countingRounds(runner: OcrJobRunner): { pool: OcrJobRunner; rounds: number[] } {
  const rounds: number[] = [];
  return {
    rounds,
    pool: {
      size: runner.size,
      recognizeAll: (jobs, options) => {
        rounds.push(jobs.length);
        return runner.recognizeAll(jobs, options);
      },
    },
  };
}

describe('darkTextCopy', () => {
  it('turns dark pixels light inside the regions asked for, and leaves the rest black', () => {
    const img: RgbImage = { data: new Uint8Array(4 * 2 * 3).fill(40), width: 4, height: 2 };
    img.data.set([250, 200, 10], (1 * 4 + 2) * 3);
    const dark = darkTextCopy(img, [{ left: 1.5, top: 0.5, width: 2, height: 2 }]);
    const grey = (x: number, y: number) => dark.data[(y * 4 + x) * 3];
    expect([grey(1, 1), grey(2, 1), grey(3, 1), grey(1, 0)]).toEqual([215, 5, 215, 215]);
    expect([grey(0, 0), grey(0, 1)]).toEqual([0, 0]);
  });
});

describe('name lines', () => {
  it('keeps the usual place on every tile of the real share screenshot, so it reads as before', async () => {
    const { img, grid } = await located(readFileSync(REAL_SCREENSHOT));
    const tiles = grid.tiles.slice(0, 18);
    const dark = darkTextCopy(img, tiles);
    expect(tiles).toHaveLength(18);
    for (const tile of tiles) expect(foundNamePlace(img, dark, tile, namePlace(img, tile))).toBeNull();
  });

  it.each<GeneratedLayout>(['restyled-band-high', 'restyled-art-wide'])(
    'finds the light name line of every tile of a %s image, above the usual place',
    async (layout) => {
      const shot = await generateScreenshot(catalog, { seed: 101, layout, png: true });
      const { img, grid } = await located(shot.image);
      const tiles = grid.tiles.slice(0, 18);
      const darkCopy = darkTextCopy(img, tiles);
      for (const tile of tiles) {
        const found = findNameLine(img, darkCopy, tile);
        expect(found?.dark).toBe(false);
        // These restyles put the name well above the usual 0.778 of the tile.
        const centre = (found!.line.top + found!.line.bottom) / 2;
        expect((centre - tile.top) / tile.height).toBeLessThan(0.7);
      }
    },
  );

  it.each<GeneratedLayout>([
    'restyled-band-high',
    'restyled-band-low',
    'restyled-art-square',
    'restyled-art-wide',
    'restyled-bright',
  ])('reads all 18 cards of a %s image', async (layout) => {
    const shot = await generateScreenshot(catalog, { seed: 103, layout });
    const reading = await readDeckImage(shot.image, { pool, index });
    expect(reading.cards.map(({ code, name }) => ({ code, name }))).toEqual(
      shot.truth.cards.map(({ code, name }) => ({ code, name })),
    );
  });
});

describe('readNames', () => {
  it('reads the real share screenshot in one round of 18 crops, searching no tile for its name', async () => {
    const { img, grid } = await located(readFileSync(REAL_SCREENSHOT));
    const counting = countingRounds(pool);
    vi.mocked(findNameLine).mockClear();
    const names = await readNames(img, grid.tiles.slice(0, 18), { pool: counting.pool, index });
    expect(findNameLine).not.toHaveBeenCalled();
    expect(counting.rounds.filter((jobs) => jobs > 0)).toEqual([18]);
    expect(names.every((name) => name.otherReadings.length === 0)).toBe(true);
  });

  it('searches a tile whose usual place holds only a stroke that reads as the card "i"', async () => {
    // Restyled wide art: the usual place of 7 tiles holds a thin stroke of art, read "I", which
    // the catalog trusts as the one-letter card i; the names are higher up.
    const { sample } = await benchSample('restyled: art wide', 103, 0);
    const { img, grid } = await located(sample.image);
    vi.mocked(findNameLine).mockClear();
    const names = await readNames(img, grid.tiles.slice(0, 18), { pool, index });
    expect(findNameLine).toHaveBeenCalledTimes(18);
    expect(names.map(({ match }) => match.best?.code)).toEqual(sample.truth.cards.map(({ code }) => code));
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards.map(({ code }) => code)).toEqual(sample.truth.cards.map(({ code }) => code));
  });
});
