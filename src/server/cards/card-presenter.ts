import { findCollection } from '../../common/game';
import type { CardPage, WeekShare } from '../../common/api/cards';
import type { CardsTable } from '../db/schema';

/** The counts a card page shows, read from the statistics. */
export interface CardNumbers {
  decks: number;
  totalDecks: number;
  thisWeekDecks: number;
  thisWeekTotal: number;
  lastWeekDecks: number;
  lastWeekTotal: number;
}

const share = (decks: number, totalDecks: number): WeekShare => ({
  decks,
  totalDecks,
  rate: totalDecks > 0 ? decks / totalDecks : 0,
});

/** The fields of a card page that leave the server. */
export function toCardPage(
  card: Pick<CardsTable, 'code' | 'name' | 'rarity' | 'type' | 'album' | 'collection'>,
  numbers: CardNumbers,
  weekStart: Date,
  playedWith: CardPage['playedWith'],
): CardPage {
  return {
    code: card.code,
    name: card.name,
    rarity: card.rarity,
    type: card.type,
    album: card.album,
    collection: { code: card.collection, name: findCollection(card.collection)?.name ?? null },
    decks: numbers.decks,
    totalDecks: numbers.totalDecks,
    thisWeek: share(numbers.thisWeekDecks, numbers.thisWeekTotal),
    lastWeek: share(numbers.lastWeekDecks, numbers.lastWeekTotal),
    weekStart: weekStart.toISOString(),
    playedWith,
  };
}
