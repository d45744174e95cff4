/**
 * Finds the deck code in text read from a share image header ("DECK CODE: UH42XD").
 */
import type { OcrSymbol } from './worker-pool';

/** The characters of printed codes, deck codes and card codes alike. */
export const CODE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** "DECK CODE" as OCR tends to read it: O/0 swaps, lost spaces, a colon read as ; or . or nothing. */
const DECK_CODE_LINE = /D\s*E\s*C\s*K\s*C\s*[O0]\s*D\s*E\s*[:;.,]?\s*([A-Z0-9]{4,10})\b/i;
/** When only the end of the line was read ("...ODE: UH42XD"). */
const CODE_AFTER_COLON = /(?:C\s*[O0]\s*D\s*E|D\s*E)\s*[:;]\s*([A-Z0-9]{4,10})\b/i;

export function parseDeckCode(text: string): string | null {
  for (const pattern of [DECK_CODE_LINE, CODE_AFTER_COLON]) {
    for (const line of text.split('\n')) {
      const found = pattern.exec(line);
      if (found) return found[1].toUpperCase();
    }
  }
  return null;
}

/**
 * The symbols the code was read from: the last characters read on the line, one per character of
 * the code. Null when they do not spell the code (then nothing can be said about their shapes).
 */
function symbolsOfCode(code: string, symbols: OcrSymbol[]): OcrSymbol[] | null {
  const codeSymbols = symbols.filter((s) => s.text.trim() !== '').slice(-code.length);
  return codeSymbols.length === code.length && codeSymbols.map((s) => s.text).join('').toUpperCase() === code ? codeSymbols : null;
}

/**
 * Drops a character the line model read twice from one glyph ("4" read as "A4": two boxes on the
 * same ink), keeping the surer one. Random codes give the model no word context to avoid this.
 */
export function dropDoubleReads(code: string, symbols: OcrSymbol[]): { code: string; symbols: OcrSymbol[] } {
  const codeSymbols = symbolsOfCode(code, symbols);
  if (!codeSymbols) return { code, symbols };
  const kept: OcrSymbol[] = [];
  for (const symbol of codeSymbols) {
    const previous = kept[kept.length - 1];
    const overlap = previous ? Math.min(previous.x1, symbol.x1) - Math.max(previous.x0, symbol.x0) : 0;
    const narrower = previous ? Math.min(previous.x1 - previous.x0, symbol.x1 - symbol.x0) : 1;
    if (previous && overlap > narrower * 0.5) {
      if (symbol.confidence > previous.confidence) kept[kept.length - 1] = symbol;
    } else {
      kept.push(symbol);
    }
  }
  return { code: kept.map((s) => s.text.toUpperCase()).join(''), symbols: kept };
}

/**
 * A deck code is random letters and digits, so no word context tells O from 0, which OCR mixes up
 * in small text. Their shapes differ though: in practically every sans font the zero is narrower
 * than the letter O. Each O or 0 of the code is decided by its width against the code's other
 * characters (the widest of which are letters like H, U, D).
 */
export function fixZeros(code: string, symbols: OcrSymbol[]): string {
  const codeSymbols = symbolsOfCode(code, symbols);
  if (!codeSymbols) return code;
  const heights = codeSymbols.map((s) => s.y1 - s.y0).sort((a, b) => a - b);
  const capHeight = heights[Math.floor(heights.length / 2)];
  if (capHeight <= 0) return code;
  return codeSymbols
    .map((s) => {
      const c = s.text.toUpperCase();
      if (c !== 'O' && c !== '0') return c;
      // Measured on DejaVu Sans Bold crops: O 0.97-1.06, zero 0.77-0.86.
      const ratio = (s.x1 - s.x0) / capHeight;
      return ratio >= ZERO_O_WIDTH_SPLIT ? 'O' : '0';
    })
    .join('');
}

/** Width / cap height dividing a zero (narrow) from an O (round); see `fixZeros`. */
const ZERO_O_WIDTH_SPLIT = 0.9;
