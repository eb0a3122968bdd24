/** From how many tenths of its limit a field says how many characters are left (docs/product.md §5). */
export const COUNT_FROM_TENTHS = 9;

/** How long typing must pause before the count is said to a screen reader: not at every key. */
export const COUNT_ANNOUNCE_PAUSE_MS = 1000;

function characters(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'character' : 'characters'}`;
}

/**
 * What a field near its limit says: '812 characters left', '12 characters over the limit', or null while it is under
 * nine tenths of it. Lengths are counted as the server counts them (UTF-16 code units, like the schemas' max and an
 * input's maxLength), so the count reaches 0 exactly where a save would be refused.
 */
export function characterCountText(length: number, limit: number): string | null {
  if (length * 10 < limit * COUNT_FROM_TENTHS) return null;
  if (length > limit) return `${characters(length - limit)} over the limit`;
  return `${characters(limit - length)} left`;
}
