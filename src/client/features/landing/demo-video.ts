/**
 * The demo (docs/product.md §1): by default a walkthrough of this product that the instance serves itself, recorded
 * with `npm run record-walkthrough`; when the operator sets DEMO_VIDEO_ID, a video on a video host, in a frame.
 */
const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const VIDEO_FAILED_MESSAGE = 'The video could not be loaded. Please check your connection and try again.';

/** How long the frame may take before the overlay says the video could not be loaded. */
export const VIDEO_LOAD_TIMEOUT_MS = 8000;

export const SCREENSHOT = {
  src: '/images/journal-screenshot.jpg',
  width: 1280,
  height: 800,
  alt: "The journal screen: today's date, a daily quote and an entry with what the writer is grateful for, wants to celebrate and is manifesting.",
} as const;

/**
 * The same journal on a phone's screen, for narrow windows, where the wide picture's text would be too small to read.
 * Drawn at twice the density (780x1520 pixels), so its size on the page is 390x760.
 */
export const PHONE_SCREENSHOT = {
  src: '/images/journal-screenshot-phone.jpg',
  srcSet: '/images/journal-screenshot-phone.jpg 2x',
  width: 390,
  height: 760,
  media: '(max-width: 640px)',
} as const;

/** The self-hosted walkthrough under public/demo: a phone-sized screen recording, silent, with captions drawn in. */
export const WALKTHROUGH = {
  src: '/demo/walkthrough.webm',
  poster: '/demo/walkthrough-poster.jpg',
  width: 390,
  height: 844,
  description:
    'A silent walkthrough of about half a minute on a phone: the landing page, creating an account and confirming the email, ' +
    'signing in, a few breaths of the breathing exercise, writing what you are grateful for, what you want to ' +
    'celebrate and what you are manifesting, the saved entry in the journal with a one-day streak, and switching ' +
    'to the serene and dark themes.',
} as const;

export function embedUrl(videoId: string): string {
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
