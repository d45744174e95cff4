import { META_TREND_WEEKS, type MetaCard } from '../../common/api/meta';
import type { MetaCardRow, WeekTotals } from './meta-store';

const share = (decks: number, total: number) => (total > 0 ? decks / total : 0);

/** A row of the meta table as the API shows it: counts turned into shares of their weeks. */
export function toMetaCard(row: MetaCardRow, totals: WeekTotals): MetaCard {
  const thisWeek = share(row.trend[META_TREND_WEEKS - 1], totals.weeks[META_TREND_WEEKS - 1]);
  const lastWeek = share(row.trend[META_TREND_WEEKS - 2], totals.weeks[META_TREND_WEEKS - 2]);
  return {
    code: row.code,
    name: row.name,
    rarity: row.rarity,
    album: row.album,
    collection: row.collection,
    decks: row.decks,
    rate: share(row.decks, totals.total),
    thisWeek,
    lastWeek,
    change: thisWeek - lastWeek,
    averageScore: share(row.scoreSum, row.decks),
    trend: row.trend.map((decks, i) => share(decks, totals.weeks[i])),
  };
}
