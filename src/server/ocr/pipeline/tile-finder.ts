/**
 * Finds the card tiles from what every share image has, whatever its page looks like: tiles are
 * framed rectangles of one size, portrait, repeated in a grid of four columns.
 *
 * Columns first: a tile's left and right frame are vertical edges that line up through every row,
 * so the column profile of vertical edges has 8 peaks in a fixed pattern (left edge, tile width,
 * pitch). The pattern is fitted as a comb. Then, in each column, a tile is a stretch of one height
 * with a horizontal edge at its top and bottom and its frames on both sides; rows are where the
 * columns have tiles at once. Header boxes, stat panels and art do not follow the pattern.
 */
import { DECK_SIZE } from '../../../common/game';
import type { EdgeMaps } from './edge-maps';
import type { Rect, TileGrid } from './tile-grid';

const COLUMNS = 4;
/** Tile width as a share of the image width: from a small grid in a wide frame to a tight crop. */
const TILE_WIDTH_SHARE = { min: 0.11, max: 0.27 };
/** Gutters from none to 35% of a tile. */
const MAX_PITCH_PER_WIDTH = 1.35;
/** Card tiles are portrait: ~1.39 in the game; searched a little wider. */
const ASPECT = { min: 1.22, max: 1.6 };
/** A cell is a tile above this score (0..1: share of its four sides found as edges). */
const TILE_SCORE = 0.8;
/** In a row whose other tiles are clear, a tile with weaker sides (art as dark as its frame). */
const WEAK_TILE_SCORE = 0.7;

/** The profile with each value replaced by the largest within ±1: edges a pixel off still count. */
function dilate(profile: ArrayLike<number>): Float64Array {
  const out = new Float64Array(profile.length);
  for (let i = 0; i < profile.length; i++) out[i] = Math.max(profile[i - 1] ?? 0, profile[i], profile[i + 1] ?? 0);
  return out;
}

interface Columns {
  lefts: number[];
  width: number;
}

/**
 * Longest vertical edge (share of the image width) taken for tiles' sides when long edges are left
 * out: a tile's side, or those of two or three tiles whose gutters blur away.
 */
const MAX_SIDE_RUN = 0.9;

/**
 * Counts, not shares of the height: the column fit adds eight of them up in whatever order is
 * fastest, and sums of whole numbers come out the same in any order, so equal fits stay equal and
 * the first one found is kept.
 */
interface SideProfiles {
  /** For each column x, how many of its pixels are a vertical edge. */
  all: Int32Array;
  /**
   * The same without edges in a run (within ±1 px) longer than MAX_SIDE_RUN: the edge of a picture
   * inside a phone screenshot runs the whole height and pulls the columns onto it. But where
   * gutters are narrow the tiles' own sides may join into such runs, so both profiles are tried.
   */
  shortRuns: Int32Array;
}

/** Both profiles of the vertical edges, in one pass over them, row by row (as they lie in memory). */
function sideProfiles(edges: EdgeMaps): SideProfiles {
  const { width, height, vertical } = edges;
  const maxRun = width * MAX_SIDE_RUN;
  const all = new Int32Array(width);
  const shortRuns = new Int32Array(width);
  // Per column: where its current run of edges (within ±1 px) started, and its edges so far.
  const runStart = new Int32Array(width);
  const runEdges = new Int32Array(width);
  const endRun = (x: number, y: number) => {
    all[x] += runEdges[x];
    if (y - runStart[x] <= maxRun) shortRuns[x] += runEdges[x];
    runStart[x] = y + 1;
    runEdges[x] = 0;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (vertical[row + x] || (x > 0 && vertical[row + x - 1]) || (x < width - 1 && vertical[row + x + 1]))
        runEdges[x] += vertical[row + x];
      else if (runEdges[x] > 0) endRun(x, y);
      // Most pixels: no run to end, only its start to move on.
      else runStart[x] = y + 1;
    }
  }
  for (let x = 0; x < width; x++) endRun(x, height);
  return { all, shortRuns };
}

/** The 4 columns whose frames best explain the vertical edges of the profile, or null. */
function fitColumns(profile: Int32Array): Columns | null {
  const width = profile.length;
  const peak = dilate(profile);
  const minWidth = Math.round(width * TILE_WIDTH_SHARE.min);
  const maxWidth = Math.round(width * TILE_WIDTH_SHARE.max);
  // The comb's left edges at pitch p, from each x: summed once per pitch, not once per tile width.
  const leftEdges = new Map<number, Float64Array>();
  for (let p = minWidth + 1; p <= Math.round(maxWidth * MAX_PITCH_PER_WIDTH); p++) {
    const sums = new Float64Array(Math.max(0, width - (COLUMNS - 1) * p));
    for (let x = 0; x < sums.length; x++) for (let i = 0; i < COLUMNS; i++) sums[x] += peak[x + i * p];
    leftEdges.set(p, sums);
  }
  let best: { score: number; x0: number; w: number; p: number } | null = null;
  for (let w = minWidth; w <= maxWidth; w++) {
    for (let p = w + 1; p <= Math.round(w * MAX_PITCH_PER_WIDTH); p++) {
      const comb = leftEdges.get(p)!;
      // Each column's right frame lies w past its left one.
      for (let x0 = 0; x0 + (COLUMNS - 1) * p + w < width; x0++) {
        const score = comb[x0] + comb[x0 + w];
        if (!best || score > best.score) best = { score, x0, w, p };
      }
    }
  }
  if (!best) return null;
  return { lefts: Array.from({ length: COLUMNS }, (_, i) => best.x0 + i * best.p), width: best.w };
}

/** Share of a tile's height its weaker side must show a frame edge along. */
const MIN_FRAMED_SIDES = 0.55;

/** Prefix sums along y of "an edge within ±1 px of column x". */
function verticalEdgeRuns(edges: EdgeMaps, x: number): Uint32Array {
  const sums = new Uint32Array(edges.height + 1);
  for (let y = 0; y < edges.height; y++) {
    let hit = 0;
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      if (xx >= 0 && xx < edges.width && edges.vertical[y * edges.width + xx]) hit = 1;
    }
    sums[y + 1] = sums[y] + hit;
  }
  return sums;
}

/** For each y: the share of the column's middle (between its frames) with a horizontal edge at y±1. */
function horizontalCoverage(edges: EdgeMaps, left: number, tileWidth: number): Float64Array {
  const from = Math.round(left + tileWidth * 0.12);
  const to = Math.round(left + tileWidth * 0.88);
  const row = new Float64Array(edges.height);
  for (let y = 0; y < edges.height; y++) {
    let count = 0;
    for (let x = from; x < to; x++) count += edges.horizontal[y * edges.width + x];
    row[y] = count / Math.max(1, to - from);
  }
  return dilate(row);
}

interface ColumnEvidence {
  top: Float64Array;
  left: Uint32Array;
  right: Uint32Array;
}

/**
 * Share of rows in [from, to) with a frame edge on each side of the column: the weaker side (a
 * stat panel spanning two columns, a header box, has a frame on one side only), or the mean.
 */
function sides(column: ColumnEvidence, from: number, to: number, weaker: boolean): number {
  const a = Math.max(0, Math.round(from));
  const b = Math.min(column.left.length - 1, Math.round(to));
  if (b <= a) return 0;
  const left = (column.left[b] - column.left[a]) / (b - a);
  const right = (column.right[b] - column.right[a]) / (b - a);
  return weaker ? Math.min(left, right) : (left + right) / 2;
}

/**
 * How much a tile of height h at y in this column looks like one, 0..1: frames on both sides, an
 * edge at top and bottom, and frames that stop there (rounded corners, then a gutter). Without the
 * last, the straight top of the ability box would pass for a tile's bottom.
 */
function cellScore(column: ColumnEvidence, y: number, h: number, maxY: number): number {
  if (y < 0 || y + h >= maxY) return 0;
  const inside = sides(column, y + h * 0.08, y + h * 0.92, true);
  // A tile is framed on both sides nearly all along; a stat panel or header box is not.
  if (inside < MIN_FRAMED_SIDES) return 0;
  const beyond = (sides(column, y - 3, y, false) + sides(column, y + h + 1, y + h + 4, false)) / 2;
  return 0.4 * inside + 0.2 * (column.top[y] + column.top[y + h]) + 0.2 * (1 - beyond);
}

interface Row {
  top: number;
  scores: number[];
}

const total = (r: Row): number => r.scores.reduce((a, b) => a + b, 0);

/** The row of tiles whose top is at each y. */
function rowsAt(evidence: ColumnEvidence[], h: number, maxY: number): Row[] {
  const rows: Row[] = [];
  for (let y = 0; y < maxY; y++) rows.push({ top: y, scores: evidence.map((c) => cellScore(c, y, h, maxY)) });
  return rows;
}

/** The best row with its top in [from, to], or null. */
function bestRowIn(rows: Row[], from: number, to: number): Row | null {
  let best: Row | null = null;
  for (let y = Math.max(0, Math.round(from)); y <= Math.min(rows.length - 1, Math.round(to)); y++) {
    if (!best || total(rows[y]) > total(best)) best = rows[y];
  }
  return best;
}

/**
 * The first step from one row to the next, as multiples of the fitted tile height. Below 1: with
 * gutters of a few pixels, a height fitted a few pixels tall would otherwise step over the next row.
 */
const MIN_PITCH_PER_HEIGHT = 0.95;
const MAX_PITCH_PER_HEIGHT = 1.35;

/** Tile heights followed into a grid, best fits first: each costs a pass over the rows, ~1 ms. */
const HEIGHTS_TRIED = 8;

/** Rows a deck has at least (18 tiles in 4 columns), for judging a tile height. */
const ROWS_JUDGED = 4;

/**
 * Tile heights, best first: the one whose best few rows (not overlapping) score highest together
 * leads. With gutters of a few pixels a height that takes in the gutter can score as well as the
 * true one, so the grid is followed with the next ones too when the first finds no whole deck.
 */
function heightsByFit(evidence: ColumnEvidence[], tileWidth: number, maxY: number): number[] {
  const fits: Array<{ h: number; score: number }> = [];
  for (let h = Math.round(tileWidth * ASPECT.min); h <= Math.round(tileWidth * ASPECT.max); h++) {
    const totals = new Float64Array(Math.max(0, maxY - h));
    for (let y = 0; y < totals.length; y++) {
      for (const c of evidence) totals[y] += cellScore(c, y, h, maxY);
    }
    fits.push({ h, score: bestRowsTotal(totals, h) });
  }
  return fits.sort((a, b) => b.score - a.score).map((f) => f.h);
}

/**
 * The summed totals of the ROWS_JUDGED best rows that do not overlap (tops at least half a tile
 * apart), taken best first (the higher row of two equal ones first). A pick of the best left each
 * time, not a sort: this runs for every tile height tried, some 50 times per image.
 */
function bestRowsTotal(totals: Float64Array, h: number): number {
  const taken: number[] = [];
  let score = 0;
  while (taken.length < ROWS_JUDGED) {
    let best = -1;
    for (let y = 0; y < totals.length; y++) {
      if ((best < 0 || totals[y] > totals[best]) && !taken.some((t) => Math.abs(t - y) < h * 0.5)) best = y;
    }
    if (best < 0) break;
    taken.push(best);
    score += totals[best];
  }
  return score;
}

/**
 * Scores a row needs: a row the grid starts from must be clear; a row found one pitch from another
 * (the grid's own repetition backs it) may be weaker: with gutters of a few pixels, the frames of
 * the neighbouring tiles are close enough to blur "a frame that stops here".
 */
const START = { tile: TILE_SCORE, weakTile: WEAK_TILE_SCORE };
const FOLLOWED = { tile: 0.72, weakTile: 0.62 };

const isFull = (r: Row, need = START): boolean =>
  r.scores.every((x) => x >= need.weakTile) && total(r) >= need.tile * r.scores.length;
/**
 * Tiles in the row's first columns: up to its last clear one. A row fills from the left, so a tile
 * before a clear one is there even when it does not look like one: a body as dark as its frame
 * hid the sides of THE LIBRARY OF CELSUS beside a clear GOLD-RINGED CAT SNAKE (name band high,
 * seed 430), and the last row was lost.
 */
function leading(r: Row, need = START): number {
  return r.scores.findLastIndex((score) => score >= need.tile) + 1;
}

/**
 * At the grid's pitch, in a run still short of a deck by a full row: a row whose tiles are clear
 * but for one, whose art is as dark as its frame (or, tinted, as warm) and hides its sides.
 */
const isNearlyFull = (r: Row, tilesSoFar: number): boolean =>
  tilesSoFar + COLUMNS <= DECK_SIZE && r.scores.filter((x) => x >= FOLLOWED.tile).length >= COLUMNS - 1;

/**
 * At the grid's pitch, between two rows of it: a row with half its tiles clear. The rest hide
 * their sides in art as dark as their frames (a black sky beside dark red, gutters of 3 px), but
 * the rows on both sides place it.
 */
const isBridged = (r: Row, beyond: Row | null, tilesSoFar: number): boolean =>
  beyond !== null &&
  tilesSoFar + 2 * COLUMNS <= DECK_SIZE &&
  isFull(beyond, FOLLOWED) &&
  r.scores.filter((x) => x >= FOLLOWED.tile).length >= COLUMNS / 2;

type Run = Array<{ top: number; count: number }>;

const tilesIn = (run: Run): number => run.reduce((a, b) => a + b.count, 0);

/**
 * The tiles in reading order. Rows must be full (4 tiles) except the last, whose tiles are the
 * first columns (18 = 4+4+4+4+2): header boxes and stat panels never make such rows. From each
 * strong full row, the grid is followed up and down one pitch (a tile and a gutter) at a time.
 * When no strong row leads to a whole deck, rows only as full as a followed one are started from
 * too: with gutters of 3 px every frame runs on past its tile, so a true row scores at most
 * TILE_SCORE, and the tops of the ability boxes, one pitch apart as well, beat it by a few
 * hundredths and led a grid shifted by a fifth of a tile, which lost the first row (other
 * gutters, seed 447: DONATION OF CONSTANTINE, its art as dark as its frame, beside two more).
 */
function gridRows(rows: Row[], h: number): Run {
  /** The `count` best rows that pass `starts`, each at least `apart` tile heights from a better one. */
  const startsWhere = (starts: (r: Row) => boolean, apart: number, count: number): Row[] =>
    rows
      .filter(starts)
      .sort((a, b) => total(b) - total(a))
      .filter((r, i, sorted) => !sorted.slice(0, i).some((o) => Math.abs(o.top - r.top) < h * apart))
      .slice(0, count);
  const longest = (starts: Row[]): Run =>
    starts
      .map((start) => runFrom(rows, h, start))
      .reduce((best, run) => (tilesIn(run) > tilesIn(best) ? run : best), []);
  const run = longest(startsWhere((r) => isFull(r), 0.5, 8));
  if (tilesIn(run) >= DECK_SIZE) return run;
  // Weaker rows lie near stronger ones of the shifted grid: they are kept apart by a tenth of a
  // tile, not half, and twice as many are tried (each run costs a few bestRowIn scans).
  const fromWeaker = longest(startsWhere((r) => isFull(r, FOLLOWED) && !isFull(r), 0.1, 16));
  return tilesIn(fromWeaker) > tilesIn(run) ? fromWeaker : run;
}

/** The grid followed up and down from one row. */
function runFrom(rows: Row[], h: number, start: Row): Run {
  /** The best row within a few pixels of `top`: where the grid's pitch puts the next row. */
  const rowNear = (top: number): Row | null => bestRowIn(rows, top - h * 0.04, top + h * 0.04);
  const run: Run = [{ top: start.top, count: start.scores.length }];
  // Up: only full rows (the partial row is the last one).
  let pitch = 0;
  /** Whether a row one pitch from the run continues it: full, or (the pitch known) nearly full or bridged. */
  const continues = (row: Row, beyond: number): boolean =>
    isFull(row, FOLLOWED) ||
    (pitch > 0 && (isNearlyFull(row, tilesIn(run)) || isBridged(row, rowNear(beyond), tilesIn(run))));
  const walkUp = () => {
    for (let top = run[0].top; ;) {
      const above = pitch
        ? rowNear(top - pitch)
        : bestRowIn(rows, top - h * MAX_PITCH_PER_HEIGHT, top - h * MIN_PITCH_PER_HEIGHT);
      if (!above || !continues(above, above.top - pitch)) break;
      pitch = pitch || top - above.top;
      run.unshift({ top: above.top, count: above.scores.length });
      top = above.top;
    }
  };
  walkUp();
  for (let top = start.top; ;) {
    const below = pitch
      ? rowNear(top + pitch)
      : bestRowIn(rows, top + h * MIN_PITCH_PER_HEIGHT, top + h * MAX_PITCH_PER_HEIGHT);
    if (!below) break;
    if (continues(below, below.top + pitch)) {
      pitch = pitch || below.top - top;
      run.push({ top: below.top, count: below.scores.length });
      top = below.top;
      continue;
    }
    // No more than a deck: a stat panel beside the last row is no tile, however framed it looks.
    const n = Math.min(leading(below, FOLLOWED), DECK_SIZE - tilesIn(run));
    if (n > 0) {
      pitch = pitch || below.top - top;
      run.push({ top: below.top, count: n });
    }
    break;
  }
  // Rows above whose dark art hides a tile's sides are only taken once the pitch is known: when
  // the start row was the first clear one, the pitch comes from the rows below it.
  walkUp();
  return run;
}

interface GridFit {
  columns: Columns;
  h: number;
  rows: Run;
  /** Its tiles, up to a deck's. */
  tiles: number;
  /** Tiles beyond a deck's: the columns also fit boxes that are no cards (a header's, a frame's). */
  excess: number;
  /** Mean score of its tiles. */
  score: number;
}

/**
 * Of two grids, the one of more tiles up to a deck's, then of fewer beyond it, then the one whose
 * tiles look most like tiles.
 */
function better(a: GridFit | null, b: GridFit | null): GridFit | null {
  if (!a || !b) return a ?? b;
  if (a.tiles !== b.tiles) return b.tiles > a.tiles ? b : a;
  if (a.excess !== b.excess) return b.excess < a.excess ? b : a;
  return b.score > a.score ? b : a;
}

/** The best grid in these columns, trying the likeliest tile heights. */
function gridInColumns(edges: EdgeMaps, columns: Columns): GridFit | null {
  const w = columns.width;
  const evidence: ColumnEvidence[] = columns.lefts.map((left) => ({
    top: horizontalCoverage(edges, left, w),
    left: verticalEdgeRuns(edges, left),
    right: verticalEdgeRuns(edges, left + w),
  }));
  // Not the first height to find a whole deck: a height a gutter too tall can still find one (blur
  // softens the edges that tell them apart), but its tiles' bottoms miss their edges.
  let best: GridFit | null = null;
  for (const h of heightsByFit(evidence, w, edges.height).slice(0, HEIGHTS_TRIED)) {
    const candidates = rowsAt(evidence, h, edges.height);
    const rows = gridRows(candidates, h);
    const found = rows.reduce((n, r) => n + r.count, 0);
    const tiles = Math.min(DECK_SIZE, found);
    const score =
      rows.reduce((sum, r) => sum + candidates[r.top].scores.slice(0, r.count).reduce((a, b) => a + b, 0), 0) /
      Math.max(1, tiles);
    best = better(best, { columns, h, rows, tiles, excess: found - tiles, score });
  }
  return best;
}

/**
 * Share of pixels that are a vertical edge above which an image is texture, not a page with
 * frames on it: every side of every cell is then "found", and noise passed for a grid of 18 tiles
 * whose garbled crops landed on short names. Share images have 0.12-0.25, and at most 0.32 at
 * 400 px and JPEG quality 40; noise has 0.92, blurred by a pixel 0.83.
 */
const MAX_EDGE_DENSITY = 0.6;

/** The tile grid in image pixels, or null when no row of 4 tiles is found. */
export function findTiles(edges: EdgeMaps): TileGrid | null {
  const { all, shortRuns } = sideProfiles(edges);
  // `all` counts each column's vertical edges, so its sum is every vertical edge of the image.
  if (all.reduce((sum, n) => sum + n, 0) > MAX_EDGE_DENSITY * edges.width * edges.height) return null;
  let best: GridFit | null = null;
  const tried: Columns[] = [];
  for (const profile of [all, shortRuns]) {
    const columns = fitColumns(profile);
    if (!columns || tried.some((c) => c.width === columns.width && c.lefts[0] === columns.lefts[0])) continue;
    tried.push(columns);
    best = better(best, gridInColumns(edges, columns));
  }
  if (!best || best.rows.length === 0) return null;
  const { columns, h, rows } = best;
  const s = edges.scale;
  const tiles: Rect[] = rows.flatMap((row) =>
    columns.lefts
      .slice(0, row.count)
      .map((left) => ({ left: left * s, top: row.top * s, width: columns.width * s, height: h * s })),
  );
  return { tiles, columns: COLUMNS, top: rows[0].top * s };
}
