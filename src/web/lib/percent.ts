// Shares and their changes as people read them: "12.5%", "+3.1 pts".

/** A share (0–1) as a percentage with one decimal, or none from 10% up. */
export function formatPercent(rate: number): string {
  const percent = rate * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/** The change between two shares in percentage points, signed ("+3.1 pts", "−0.4 pts", "±0 pts"). */
export function formatPointChange(change: number): string {
  const points = Math.round(change * 1000) / 10;
  if (points === 0) return '±0 pts';
  return `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} pts`;
}
