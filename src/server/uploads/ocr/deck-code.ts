/**
 * Finds the deck code in text read from a share image header ("DECK CODE: UH42XD").
 */

/** "DECK CODE" as OCR tends to read it: O/0 swaps, lost spaces, a colon read as ; or . or nothing. */
const DECK_CODE_LINE = /D\s*E\s*C\s*K\s*C\s*[O0]\s*D\s*E\s*[:;.,]?\s*([A-Z0-9]{4,10})\b/i;

export function parseDeckCode(text: string): string | null {
  for (const line of text.split('\n')) {
    const found = DECK_CODE_LINE.exec(line);
    if (found) return found[1].toUpperCase();
  }
  return null;
}
