/** A small rising sun beside the title; decorative only. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="19" r="6.5" fill="currentColor" />
      <g stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        <line x1="16" y1="4" x2="16" y2="8" />
        <line x1="5.4" y1="8.4" x2="8.2" y2="11.2" />
        <line x1="26.6" y1="8.4" x2="23.8" y2="11.2" />
        <line x1="2" y1="19" x2="6" y2="19" />
        <line x1="26" y1="19" x2="30" y2="19" />
        <line x1="3" y1="27" x2="29" y2="27" />
      </g>
    </svg>
  );
}
