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

/** Chromium's own install prompt, fired when the browser would offer to install the app (not a DOM type yet). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installPrompt: InstallPromptEvent | null = null;
const promptListeners = new Set<() => void>();
let capturing = false;

function setInstallPrompt(next: InstallPromptEvent | null): void {
  installPrompt = next;
  for (const listener of promptListeners) listener();
}

/**
 * Keeps the browser's install prompt (`beforeinstallprompt`, Chromium's browsers only) for the welcome to offer with
 * a button of its own. It fires once, soon after the page loads, so every page listens from the start
 * (page-services.ts). The browser's own way to install (its menu, its address bar's button) stays as it is.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => setInstallPrompt(event as InstallPromptEvent));
  window.addEventListener('appinstalled', () => setInstallPrompt(null));
}

export const installPromptStore = {
  subscribe(listener: () => void): () => void {
    promptListeners.add(listener);
    return () => promptListeners.delete(listener);
  },
  current: (): InstallPromptEvent | null => installPrompt,
  /** Shows the browser's prompt; a prompt can be shown once, so it is gone afterwards whatever the answer. */
  async show(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = installPrompt;
    if (!event) return 'unavailable';
    setInstallPrompt(null);
    const { outcome } = await event.prompt();
    return outcome;
  },
};

/** The one-line instruction of the footer banner. */
export const INSTALL_HINT: Record<MobilePlatform, string> = {
  ios: 'Tap Share, then Add to Home Screen',
  android: 'Open the menu, then tap Add to Home screen',
};
