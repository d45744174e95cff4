// A tile whose name matches no catalog card: a card the game added since the last card list was
// imported. Its printed code and name are read as they are, for the player to check and publish
// with, and for the moderators to add to the catalog (cards/card-proposals.ts).
import { isCardCode } from '../../../common/api/cards';
import { asDigit, asLetter } from '../catalog/ocr-confusions';
import type { Rect } from './tile-grid';

/** A card read from a tile that the catalog lacks. */
export interface UnknownCard {
  /** The tile's place in the deck's grid (0-based, reading order). */
  position: number;
  /** The printed code as read ("EES022"), or null when no code-shaped text was found. */
  code: string | null;
  /** The name as read, in the case the catalog writes names ("Cambridge Five"). */
  name: string;
  /** The tile, as shares (0..1) of the image's width and height: the upload crops it from its own bytes. */
  box: Rect;
}

/**
 * The card code in the text read from a tile's code line: a run of letters then three or four
 * digits (the catalog's codes are 3–5 letters and 2–4 digits, nearly all 3–4 + 3), with OCR's
 * learnt letter-for-digit swaps undone on each side. Of several readings (one a line), the code
 * most of them agree on, else the first found.
 */
export function cardCodeIn(text: string): string | null {
  const found: string[] = [];
  for (const token of text.toUpperCase().split(/[^A-Z0-9]+/)) {
    for (const digits of [3, 4]) {
      for (const letters of [3, 4, 5]) {
        if (token.length !== letters + digits) continue;
        const prefix = [...token.slice(0, letters)].map(asLetter).join('');
        const number = [...token.slice(letters)].map(asDigit).join('');
        const code = prefix + number;
        if (/^[A-Z]+$/.test(prefix) && /^\d+$/.test(number) && isCardCode(code)) found.push(code);
      }
    }
  }
  const twice = found.find((code, i) => found.indexOf(code) !== i);
  return twice ?? found[0] ?? null;
}

/**
 * The name as printed (capitals, one line), tidied: characters no card name holds dropped and
 * each word capitalised as the catalog writes names. The player and a moderator check it.
 */
export function nameAsRead(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}'&().,:!?\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/(^|[\s(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** A tile as shares of the image's size, so it can be cut from the upload at any scale. */
export function shareOfImage(tile: Rect, width: number, height: number): Rect {
  const share = (n: number, of: number) => Math.round((n / of) * 10_000) / 10_000;
  return {
    left: share(tile.left, width),
    top: share(tile.top, height),
    width: share(tile.width, width),
    height: share(tile.height, height),
  };
}
