// Small inline charts in plain SVG, where a shape reads faster than a number. Each one carries its
// numbers as text for screen readers (role="img" with a label); the picture is for the eyes only.

interface BarProps {
  /** 0..max. */
  value: number;
  max: number;
  /** Says what the bar shows, e.g. "12% of decks"; without it the bar is decoration beside text that says it. */
  label?: string;
  color?: string;
  width?: number;
}

/** One horizontal bar, its length the value's share of max. */
export function Bar({ value, max, label, color = 'var(--accent)', width = 120 }: BarProps) {
  const length = max > 0 ? Math.max(0, Math.min(1, value / max)) * width : 0;
  return (
    <svg
      className="chart-bar"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      width={width}
      height={10}
      viewBox={`0 0 ${width} 10`}
    >
      <rect x={0} y={0} width={width} height={10} rx={3} fill="var(--border)" />
      <rect x={0} y={0} width={length} height={10} rx={3} fill={color} />
    </svg>
  );
}

interface SparklineProps {
  /** Oldest first; each 0..1. */
  values: number[];
  label: string;
  width?: number;
  height?: number;
}

/** A line over a few values, the last one marked: how a share moved over the weeks. */
export function Sparkline({ values, label, width = 80, height = 22 }: SparklineProps) {
  const top = Math.max(...values, 0.0001);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((value, i) => [i * step, height - 2 - (value / top) * (height - 4)] as const);
  const last = points[points.length - 1];
  return (
    <svg
      className="chart-sparkline"
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      {points.length > 1 && (
        <polyline
          points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
          fill="none"
          stroke="var(--accent)"
          strokeWidth={1.5}
        />
      )}
      {last && <circle cx={last[0]} cy={last[1]} r={2.5} fill="var(--accent)" />}
    </svg>
  );
}
