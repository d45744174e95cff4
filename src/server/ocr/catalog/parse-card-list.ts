// A deck pasted as text, one card a line: a name, a code, or both ("Mars Rover (SPMR001)", "SPMR001
// Mars Rover", "2x mars rover"), matched against the catalog the way the screenshot reader matches
// what it read (the same CatalogIndex: accents, case, punctuation and small typos forgiven).
import type { ParseCardListResult } from '../../../common/api/cards';
import type { CatalogCard, CatalogIndex } from './catalog-index';

/** A name alone must fit a card this well (a typo or two in a long name, none in a short one). */
const MIN_NAME_CONFIDENCE = 0.8;
/** A count or a bullet in front of the card: "2x ", "1. ", "- ", "* ", "• ". */
const LEADING_MARK = /^(?:\d{1,2}\s*[x×]\s+|\d{1,2}[.)]\s+|[-*•]\s+)/i;
/** The deck code line that GET /api/decks/onedeck/{id}/text writes first: not a card. */
const DECK_CODE_LINE = /^deck\s*code\s*:/i;
/** What may stand around a code: "(SPMR001)", "[SPMR001]", "SPMR001,", "— SPMR001". */
const CODE_WRAPPING = /^[([{]+|[)\]},;:|]+$/g;

/** A word shaped like a printed card code: letters and at least two digits, 5 to 9 characters. */
function looksLikeCode(word: string): boolean {
  return /^[A-Za-z0-9]{5,9}$/.test(word) && (word.match(/\d/g)?.length ?? 0) >= 2 && /[A-Za-z]{2}/.test(word);
}

/** The catalog card a line names, or null. */
export function matchCardLine(index: CatalogIndex, text: string): CatalogCard | null {
  const line = text.replace(LEADING_MARK, '').trim();
  const words = line.split(/\s+/);
  let codeCards: CatalogCard[] = [];
  let codeWord = '';
  // The last code-shaped word that is a catalog code: names hold none, but may end in "(XVI)".
  for (let i = words.length - 1; i >= 0 && codeCards.length === 0; i--) {
    const word = words[i].replace(CODE_WRAPPING, '');
    if (!looksLikeCode(word)) continue;
    codeCards = index.findByCode(word);
    if (codeCards.length > 0) {
      codeWord = word;
      words.splice(i, 1);
    }
  }
  const name = words
    .join(' ')
    .replace(/[\s,;:|–—-]+$|^[\s,;:|–—-]+/g, '')
    .trim();
  if (codeCards.length > 0 && name === '') return codeCards[0];
  const { best } = index.match({ nameText: name, codeText: codeWord || undefined });
  if (!best) return null;
  // With a code read, the code decides between the cards the name could be; alone, the name must fit.
  if (codeCards.some((card) => card.code === best.code)) return best;
  return best.confidence >= MIN_NAME_CONFIDENCE ? best : (codeCards[0] ?? null);
}

/**
 * Lines matched in one turn of the event loop. A line with a typo takes about 1 ms against the
 * 5,000-card catalog, so 100 of them in one go held every other request for ~0.1 s; in turns of 8,
 * the loop is free again every few milliseconds (bench/decks-as-text.ts measures its lateness).
 */
export const LINES_PER_TURN = 8;

/**
 * Every line of a pasted list: the cards named (each once, in order) and the lines naming none.
 * Yields to the event loop every `linesPerTurn` lines, so other requests are answered meanwhile.
 */
export async function parseCardList(
  index: CatalogIndex,
  text: string,
  linesPerTurn = LINES_PER_TURN,
): Promise<ParseCardListResult> {
  const result: ParseCardListResult = { cards: [], unknown: [] };
  const seen = new Set<string>();
  let matched = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || DECK_CODE_LINE.test(line)) continue;
    if (matched > 0 && matched % linesPerTurn === 0) await new Promise((resolve) => setImmediate(resolve));
    matched++;
    const card = matchCardLine(index, line);
    if (!card) result.unknown.push(line);
    else if (!seen.has(card.code)) {
      seen.add(card.code);
      result.cards.push({ line, code: card.code, name: card.name });
    }
  }
  return result;
}
