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
  // One unit of width per bar and 100 of height, stretched to the box CSS gives it; the labels are HTML below it,
  // in columns as wide as the bars, so that they keep their size on any screen.
  return (
    <figure className="insights-chart" aria-labelledby={captionId}>
      <svg
        className="insights-bars"
        viewBox={`0 0 ${bars.length} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {bars.map((bar, index) => {
          const height = bar.value > 0 ? Math.max(2, (bar.value / top) * 96) : 0;
          return (
            <rect
              key={`${bar.name}-${index}`}
              x={index + 0.2}
              y={100 - height}
              width={0.6}
              height={height}
              style={{ fill: bar.fill ?? 'var(--color-primary)' }}
            />
          );
        })}
      </svg>
      <div
        className="insights-bar-labels"
        aria-hidden="true"
        style={{ gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))` }}
      >
        {bars.map((bar, index) => (
          <span key={`${bar.name}-${index}`}>{bar.label}</span>
        ))}
      </div>
      <figcaption id={captionId} className="insights-caption">
        {caption}
      </figcaption>
      {/* A table ignores the width that hides it: the box around it is what is hidden. */}
      <div className="visually-hidden">
        <table>
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
      </div>
    </figure>
  );
}
