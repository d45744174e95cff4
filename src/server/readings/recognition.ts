// The recognition figures of the moderators' page (issue #36): how the readings kept at upload
// compare with what their uploaders published. The outcome is JSON text read whole, so the
// figures are summed here rather than in SQL; one row per upload of the last day and per
// published deck is a few MB even for a large site, read only when a moderator opens the page.
import {
  MAX_CONFUSIONS,
  MAX_MOST_CORRECTED,
  type Recognition,
  type RecognitionFigures,
} from '../../common/api/recognition';
import { startOfGameWeek } from '../../common/game';
import type { Db } from '../db/connect';
import type { ReadingOutcome } from './reading-outcome';

interface ReadingRow {
  created_at: string;
  read_ms: number;
  outcome: string | null;
  deck_id: string | null;
  title: string | null;
}

/** Sums of a set of readings, before the median is taken. */
class Tally {
  uploads = 0;
  published = 0;
  cardsRead = 0;
  cardsChanged = 0;
  codesChanged = 0;
  readMs: number[] = [];

  add(row: ReadingRow, outcome: ReadingOutcome | null): void {
    this.uploads += 1;
    this.readMs.push(row.read_ms);
    if (!outcome) return;
    this.published += 1;
    this.cardsRead += outcome.kept.length + outcome.changed.length + outcome.removed.length;
    this.cardsChanged += outcome.changed.length;
    if (!outcome.deckCode.kept) this.codesChanged += 1;
  }

  figures(): RecognitionFigures {
    const { uploads, published, cardsRead, cardsChanged, codesChanged } = this;
    return { uploads, published, cardsRead, cardsChanged, codesChanged, medianReadMs: median(this.readMs) };
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function recognitionFigures(db: Db): Promise<Recognition> {
  const rows: ReadingRow[] = await db
    .selectFrom('readings')
    .leftJoin('decks', 'decks.id', 'readings.deck_id')
    .select(['readings.created_at', 'readings.read_ms', 'readings.outcome', 'readings.deck_id', 'decks.title'])
    .execute();
  const totals = new Tally();
  const weeks = new Map<string, Tally>();
  const confusions = new Map<string, Recognition['confusions'][number]>();
  const corrected: Recognition['mostCorrected'] = [];
  for (const row of rows) {
    const outcome = row.outcome === null ? null : (JSON.parse(row.outcome) as ReadingOutcome);
    const week = startOfGameWeek(new Date(row.created_at)).toISOString();
    if (!weeks.has(week)) weeks.set(week, new Tally());
    totals.add(row, outcome);
    weeks.get(week)!.add(row, outcome);
    if (!outcome) continue;
    for (const { read, published } of outcome.changed) {
      const key = `${read.code}\n${published.code}`;
      const seen = confusions.get(key);
      if (seen) seen.count += 1;
      else confusions.set(key, { read, published, count: 1 });
    }
    const cardCorrections = outcome.changed.length + outcome.added.length + outcome.removed.length;
    // A deck deleted since (deck_id set null) has no page to link.
    if (row.deck_id && row.title !== null && (cardCorrections > 0 || !outcome.deckCode.kept))
      corrected.push({ deckId: row.deck_id, title: row.title, cardCorrections, codeChanged: !outcome.deckCode.kept });
  }
  const corrections = (deck: Recognition['mostCorrected'][number]) => deck.cardCorrections + Number(deck.codeChanged);
  return {
    totals: totals.figures(),
    weekly: [...weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, tally]) => ({ week, ...tally.figures() })),
    confusions: [...confusions.values()]
      .sort((a, b) => b.count - a.count || a.read.name.localeCompare(b.read.name))
      .slice(0, MAX_CONFUSIONS),
    mostCorrected: corrected.sort((a, b) => corrections(b) - corrections(a)).slice(0, MAX_MOST_CORRECTED),
  };
}
