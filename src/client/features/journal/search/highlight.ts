/** A stretch of a snippet, marked when it matched. */
export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * A snippet cut into plain and matched stretches, from the offsets the search gave (src/shared/search.ts). The text is
 * only ever cut at offsets and shown as text: nothing of an entry is read as markup. Offsets out of the snippet,
 * empty, reversed or overlapping ones are left out or trimmed, so a bad answer can cost a highlight, never text.
 */
export function highlightSegments(snippet: string, highlights: readonly (readonly [number, number])[]): Segment[] {
  const ranges = highlights
    .map(([from, to]) => [Math.max(0, Math.trunc(from)), Math.min(snippet.length, Math.trunc(to))] as const)
    .filter(([from, to]) => Number.isFinite(from) && Number.isFinite(to) && from < to)
    .sort((a, b) => a[0] - b[0]);
  const segments: Segment[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    const start = Math.max(from, at);
    if (start >= to) continue;
    if (start > at) segments.push({ text: snippet.slice(at, start), marked: false });
    segments.push({ text: snippet.slice(start, to), marked: true });
    at = to;
  }
  if (at < snippet.length) segments.push({ text: snippet.slice(at), marked: false });
  return segments;
}
