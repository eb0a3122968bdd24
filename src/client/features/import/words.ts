/* How the import's screen says sizes and counts, in US English as the rest of the app. */
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '50 MB', '1.5 MB', '200 KB': a size as people say it (1 MB = 1,048,576 bytes, as file managers count). */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${oneDecimal.format(bytes / size)} ${unit}`;
  }
  return `${wholeNumber.format(bytes)} bytes`;
}

/** '1,200'. */
export function formatCount(count: number): string {
  return wholeNumber.format(count);
}

/** '1 entry', '1,200 entries'. */
export function entriesWord(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'entry' : 'entries'}`;
}
