// Whether the deck about to be published is a near-copy of a public deck (issue 38): all its cards
// (18 of 18), or the same deck code. Such a publish is asked about first, never just noted.
import { DECK_SIZE } from '../../common/game';
import type { SimilarDecks } from '../../common/api/decks';

export interface NearCopy {
  deck: { _id: string; title: string; user: string };
  /** 'cards': every card is in the deck; 'code': the deck has the same deck code. */
  reason: 'cards' | 'code';
  shared: number;
  cardCount: number;
}

/** The public deck the answer names as a near-copy, or null; `exceptDeckId` (the deck being corrected) left out. */
export function nearCopyOf(answer: SimilarDecks, exceptDeckId?: string): NearCopy | null {
  const { cardCount } = answer;
  const sameCards =
    cardCount === DECK_SIZE ? answer.decks.find((d) => d._id !== exceptDeckId && d.shared === cardCount) : undefined;
  if (sameCards) return { deck: sameCards, reason: 'cards', shared: sameCards.shared, cardCount };
  const sameCode = answer.sameCode?.find((d) => d._id !== exceptDeckId);
  if (sameCode) {
    const shared = answer.decks.find((d) => d._id === sameCode._id)?.shared ?? 0;
    return { deck: sameCode, reason: 'code', shared, cardCount };
  }
  return null;
}
