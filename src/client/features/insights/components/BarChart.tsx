import { useId } from 'react';

export interface Bar {
  /** Under the bar, short ("Mon", "J"). */
  label: string;
  /** In the table read by screen readers, whole ("Monday", "January 2026"). */
  name: string;
  value: number;
  /** The value as the table says it, when not the number itself ("Good (3.8)", "no mood"). */
  valueText?: string;
  /** A fill other than the theme's primary colour (a mood's). */
  fill?: string;
}

/**
 * A small bar chart drawn by hand in SVG, in the theme's colours, with its numbers in a table for screen readers
 * (the drawing itself is hidden from them). `max` fixes the scale (moods: 5).
 */
export function BarChart({
  bars,
  caption,
  valueHeading,
  max,
}: {
  bars: readonly Bar[];
  caption: string;
  valueHeading: string;
  max?: number;
}) {
  const captionId = useId();
  const top = Math.max(max ?? 0, ...bars.map((bar) => bar.value), 1);
  const slot = 24;
  const height = 96;
  const width = bars.length * slot;
  return (
    <figure className="insights-chart" aria-labelledby={captionId}>
      <svg
        className="insights-bars"
        viewBox={`0 0 ${width} ${height + 16}`}
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" x2={width} y1={height} y2={height} className="insights-axis" />
        {bars.map((bar, index) => {
          const h = bar.value > 0 ? Math.max(2, (bar.value / top) * (height - 4)) : 0;
          return (
            <g key={`${bar.name}-${index}`}>
              <rect
                x={index * slot + 4}
                y={height - h}
                width={slot - 8}
                height={h}
                rx="3"
                style={{ fill: bar.fill ?? 'var(--color-primary)' }}
              />
              <text x={index * slot + slot / 2} y={height + 13} textAnchor="middle" className="insights-bar-label">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id={captionId} className="insights-caption">
        {caption}
      </figcaption>
      <table className="visually-hidden">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar, index) => (
            <tr key={`${bar.name}-${index}`}>
              <th scope="row">{bar.name}</th>
              <td>{bar.valueText ?? bar.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
