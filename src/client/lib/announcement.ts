/**
 * A short fingerprint of the announcement's text (FNV-1a, 32 bits): what the device remembers of a dismissed one,
 * so that a new or changed announcement shows again without the text itself being kept.
 *
 * theme-boot.js (vite.config.ts) runs this very function, written out from its source, to hide a dismissed
 * announcement before the first paint: it must stand alone, using nothing from outside its own body.
 */
export function announcementHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const unit of text) {
    hash ^= unit.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
