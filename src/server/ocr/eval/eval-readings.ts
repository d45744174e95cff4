// Scores the current reader on real uploads (issue #36): the images of published readings are
// read again and compared with what their players published. Cards are compared as multisets
// (a deck may hold a card twice), since the published order is the player's, not the tiles'.
import type { CardRef } from '../../readings/reading-outcome';
import type { PublishedReading } from '../../readings/reading-store';

export interface DeckScore {
  readingId: string;
  deckId: string | null;
  /** Cards read that were published (counted as often as both hold them). */
  matched: number;
  read: number;
  published: number;
  deckCodeRight: boolean;
  ms: number;
  error?: string;
}

export interface EvalSummary {
  decks: number;
  /** Share of the published cards the reader found. */
  recall: number | null;
  /** Share of the cards read that were published. */
  precision: number | null;
  /** Share of the decks whose code was read as published. */
  deckCodeAccuracy: number | null;
  medianMs: number | null;
  p95Ms: number | null;
  failed: number;
}

export function scoreDeck(
  reading: PublishedReading,
  answer: { cards: CardRef[]; deck_code: string | null },
  ms: number,
): DeckScore {
  const left = new Map<string, number>();
  for (const card of reading.published.cards) left.set(card.code, (left.get(card.code) ?? 0) + 1);
  let matched = 0;
  for (const card of answer.cards) {
    const count = left.get(card.code) ?? 0;
    if (count > 0) {
      matched += 1;
      left.set(card.code, count - 1);
    }
  }
  const code = (value: string | null) => value?.trim().toUpperCase() ?? '';
  return {
    readingId: reading.id,
    deckId: reading.deckId,
    matched,
    read: answer.cards.length,
    published: reading.published.cards.length,
    deckCodeRight: code(answer.deck_code) !== '' && code(answer.deck_code) === code(reading.published.deckCode),
    ms,
  };
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(sorted: number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

export function summarise(scores: DeckScore[]): EvalSummary {
  const sum = (pick: (s: DeckScore) => number) => scores.reduce((total, s) => total + pick(s), 0);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  const times = scores.filter((s) => !s.error).map((s) => s.ms);
  times.sort((a, b) => a - b);
  return {
    decks: scores.length,
    recall: ratio(
      sum((s) => s.matched),
      sum((s) => s.published),
    ),
    precision: ratio(
      sum((s) => s.matched),
      sum((s) => s.read),
    ),
    deckCodeAccuracy: ratio(
      sum((s) => Number(s.deckCodeRight)),
      scores.length,
    ),
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    failed: scores.filter((s) => s.error).length,
  };
}
