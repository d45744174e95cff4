/**
 * The grid's reading and the text read anywhere, merged by where each card was read.
 */
import type { MatchResult } from '../catalog/catalog-index';
import { mergeByPosition, type GridReading } from './merge-readings';
import type { ReadCard } from './reading';
import type { PlacedMatch } from './text-fallback';
import type { Rect } from './tile-grid';

const card = (code: string, name = code): ReadCard => ({ code, name, confidence: 1, alternatives: [] });
const found = (code: string, x: number, y: number): PlacedMatch => ({
  match: { best: { code, name: code, confidence: 0.95 }, alternatives: [] } satisfies MatchResult,
  at: { x, y },
});

/** Rows of four 100 x 140 tiles, 10 px apart, from (0, 200). */
function tilesOf(count: number): Rect[] {
  return Array.from({ length: count }, (_, i) => ({
    left: (i % 4) * 110,
    top: 200 + Math.floor(i / 4) * 150,
    width: 100,
    height: 140,
  }));
}

function gridOf(count: number, unread: number[] = [], unknown: number[] = []): GridReading {
  const tiles = tilesOf(count);
  const read = tiles.map((_, i) => (unread.includes(i) || unknown.includes(i) ? null : card(`G${i}`)));
  return { tiles, read, settled: read.map((c, i) => c !== null || unknown.includes(i)) };
}

describe('mergeByPosition', () => {
  it('fills a tile the grid could not read with the name found inside it, in its place', () => {
    const { cards, fromText } = mergeByPosition(gridOf(18, [5]), [found('T5', 160, 400)]);
    expect(fromText).toBe(1);
    expect(cards.map((c) => c.code)).toEqual(
      [0, 1, 2, 3, 4, 'T5', 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((n) =>
        typeof n === 'number' ? `G${n}` : n,
      ),
    );
  });

  it("drops a name found in a tile already read (its ability's title), outside a whole grid, or already in the deck", () => {
    const { cards, fromText } = mergeByPosition(gridOf(18, [5]), [
      found('ABILITY', 50, 260),
      found('HEADER', 200, 50),
      found('G3', 160, 400),
    ]);
    expect(fromText).toBe(0);
    expect(cards).toHaveLength(17);
  });

  it('leaves a tile read as a card the catalog lacks to that card', () => {
    const { cards } = mergeByPosition(gridOf(18, [], [2]), [found('OTHER', 270, 260)]);
    expect(cards.map((c) => c.code)).not.toContain('OTHER');
  });

  it('places the cards of rows the grid missed where they were read, above or below its rows', () => {
    // The grid found the last two rows only (tiles 12-17 at rows 0-1 here); the text found the rest.
    const grid = gridOf(6);
    grid.tiles = grid.tiles.map((t) => ({ ...t, top: t.top + 450 }));
    const above = [found('A0', 50, 300), found('A1', 160, 300), found('B0', 50, 450), found('B1', 160, 450)];
    const below = [found('C0', 50, 1000)];
    const { cards } = mergeByPosition(grid, [...below, ...above]);
    expect(cards.map((c) => c.code)).toEqual(['A0', 'A1', 'B0', 'B1', 'G0', 'G1', 'G2', 'G3', 'G4', 'G5', 'C0']);
  });

  it('keeps the order the text was read in when no grid was found', () => {
    const { cards } = mergeByPosition(null, [found('X', 300, 50), found('Y', 10, 10)]);
    expect(cards.map((c) => c.code)).toEqual(['X', 'Y']);
  });
});
