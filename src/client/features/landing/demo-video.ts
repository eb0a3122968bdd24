/** The demo video lives on a video host and plays in a frame (docs/product.md §1). */
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

export function embedUrl(videoId: string): string {
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
