// The grid's reading and the text read anywhere in the image, merged by where each card was read.
import { DECK_SIZE } from '../../../common/game';
import { distinctCards, toReadCard } from './match-tiles';
import type { ReadCard } from './reading';
import type { PlacedMatch } from './text-fallback';
import type { Rect } from './tile-grid';

/** What the grid read: per tile, its card (null when none), and whether that is final. */
export interface GridReading {
  tiles: Rect[];
  read: Array<ReadCard | null>;
  /** A tile read as a card, or as a card the catalog lacks: the text found on it changes nothing. */
  settled: boolean[];
}

interface PlacedCard {
  card: ReadCard;
  at: { x: number; y: number };
}

const inside = (at: { x: number; y: number }, r: Rect): boolean =>
  at.x >= r.left && at.x <= r.left + r.width && at.y >= r.top && at.y <= r.top + r.height;

const centreOf = (r: Rect): { x: number; y: number } => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** Rows top to bottom, each left to right: a card belongs to the row of the first card above it by less than half a row. */
function inReadingOrder(cards: PlacedCard[], rowHeight: number): ReadCard[] {
  const byY = [...cards].sort((a, b) => a.at.y - b.at.y);
  const rows: PlacedCard[][] = [];
  for (const card of byY) {
    const row = rows[rows.length - 1];
    if (row && card.at.y - row[0].at.y < rowHeight / 2) row.push(card);
    else rows.push([card]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.at.x - b.at.x).map((p) => p.card));
}

/**
 * The deck from both readings. A name found in a tile the grid could not read fills that tile;
 * one in a tile already read is that tile's own name, or its ability's title, and is dropped; one
 * outside every tile is a card the grid did not find, kept only when the grid is not whole. Cards
 * come in reading order of where they were read, so a card found as text takes its own place, not
 * the end of the list.
 */
export function mergeByPosition(
  grid: GridReading | null,
  fromText: PlacedMatch[],
): { cards: ReadCard[]; fromText: number } {
  const tiles = grid?.tiles ?? [];
  const whole = tiles.length >= DECK_SIZE;
  const gridCards: PlacedCard[] = tiles.flatMap((tile, i) => {
    const card = grid?.read[i];
    return card ? [{ card, at: centreOf(tile) }] : [];
  });
  const taken = new Set(gridCards.flatMap(({ card }) => [card.code, card.name]));
  const filled = new Set<number>();
  const textCards: PlacedCard[] = [];
  const matches = distinctCards(fromText.map((p) => p.match));
  matches.forEach((match, k) => {
    const card = toReadCard(match);
    if (!card || taken.has(card.code) || taken.has(card.name)) return;
    const tile = tiles.findIndex((t) => inside(fromText[k].at, t));
    if (tile < 0 && whole) return;
    if (tile >= 0 && (grid?.settled[tile] || filled.has(tile))) return;
    if (tile >= 0) filled.add(tile);
    taken.add(card.code).add(card.name);
    textCards.push({ card, at: tile >= 0 ? centreOf(tiles[tile]) : fromText[k].at });
  });
  if (!grid) return { cards: textCards.map((p) => p.card).slice(0, DECK_SIZE), fromText: textCards.length };
  const cards = inReadingOrder([...gridCards, ...textCards], tiles[0]?.height ?? 0).slice(0, DECK_SIZE);
  return { cards, fromText: textCards.length };
}
