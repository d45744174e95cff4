// The share of cards read right, one column per game week, in plain SVG. The figures are in the
// table beside it; the chart carries them as text too (role="img" with a label) for screen readers.
import { cardAccuracy, type Recognition } from '../../../common/api/recognition';

const HEIGHT = 120;
const COLUMN = 28;
const GAP = 8;
const LABELS = 18;

const weekLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

export function AccuracyChart({ weekly }: { weekly: Recognition['weekly'] }) {
  const weeks = weekly
    .map((week) => ({ week: week.week, accuracy: cardAccuracy(week) }))
    .filter((w): w is { week: string; accuracy: number } => w.accuracy !== null);
  if (weeks.length === 0) return <p className="empty">No published readings yet.</p>;
  const width = weeks.length * (COLUMN + GAP);
  const label = `Cards read right by week: ${weeks.map((w) => `week of ${weekLabel(w.week)} ${percent(w.accuracy)}`).join(', ')}`;
  return (
    <svg
      className="accuracy-chart"
      role="img"
      aria-label={label}
      width={width}
      height={HEIGHT + LABELS}
      viewBox={`0 0 ${width} ${HEIGHT + LABELS}`}
    >
      {weeks.map((w, i) => {
        const height = Math.max(1, w.accuracy * HEIGHT);
        const x = i * (COLUMN + GAP);
        return (
          <g key={w.week}>
            <rect x={x} y={0} width={COLUMN} height={HEIGHT} rx={3} fill="var(--border)" />
            <rect x={x} y={HEIGHT - height} width={COLUMN} height={height} rx={3} fill="var(--accent)" />
            <text x={x + COLUMN / 2} y={HEIGHT + 13} textAnchor="middle" fontSize={10} fill="currentColor">
              {weekLabel(w.week)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
