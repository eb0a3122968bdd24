/**
 * Phones get add-to-home-screen hints (docs/product.md §2: footer banner and the About page). The platform is
 * read from the user agent, as the spec asks: iOS or Android.
 */
export type MobilePlatform = 'ios' | 'android';

const IOS_AGENT = /iPhone|iPad|iPod/i;
const ANDROID_AGENT = /Android/i;

export function mobilePlatformOf(userAgent: string): MobilePlatform | null {
  if (IOS_AGENT.test(userAgent)) return 'ios';
  if (ANDROID_AGENT.test(userAgent)) return 'android';
  return null;
}

export function currentMobilePlatform(): MobilePlatform | null {
  return typeof navigator === 'undefined' ? null : mobilePlatformOf(navigator.userAgent);
}

/** True when the page runs as an installed app (home screen icon), where install hints make no sense. */
export function isRunningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.matchMedia?.('(display-mode: standalone)').matches) return true;
  // iOS Safari reports a home screen launch on a non-standard navigator flag instead.
  return 'standalone' in navigator && navigator.standalone === true;
}

/** The one-line instruction of the footer banner. */
export const INSTALL_HINT: Record<MobilePlatform, string> = {
  ios: 'Tap Share, then Add to Home Screen',
  android: 'Open the menu, then tap Add to Home screen',
};
