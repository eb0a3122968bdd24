import mark from './brand-mark.json';

/**
 * A small rising sun beside the title; decorative only. The mark's shapes are in brand-mark.json, which
 * scripts/make-icons.mjs draws the app icons from too.
 */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox={mark.viewBox} aria-hidden="true" focusable="false">
      <circle cx={mark.sun.cx} cy={mark.sun.cy} r={mark.sun.r} fill="currentColor" />
      <g stroke="currentColor" strokeWidth={mark.strokeWidth} strokeLinecap="round">
        {mark.lines.map(([x1, y1, x2, y2]) => (
          <line key={`${x1} ${y1}`} x1={x1} y1={y1} x2={x2} y2={y2} />
        ))}
      </g>
    </svg>
  );
}
