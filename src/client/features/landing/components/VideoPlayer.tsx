import { useEffect, useState } from 'react';
import { embedUrl, VIDEO_LOAD_TIMEOUT_MS } from '../demo-video';

interface VideoPlayerProps {
  videoId: string;
  onFailure: () => void;
}

/**
 * The embedded player, with a watch on whether it can play. A frame's load event fires even when the frame
 * shows the browser's own error page, and a cross-origin frame cannot be looked into, so the host is also
 * asked directly (a bodiless request whose answer we cannot read, only whether one came). No answer, or no
 * loaded frame, within VIDEO_LOAD_TIMEOUT_MS, a failed request or the browser going offline: onFailure.
 */
export function VideoPlayer({ videoId, onFailure }: VideoPlayerProps) {
  const src = embedUrl(videoId);
  const [frameLoaded, setFrameLoaded] = useState(false);
  const [hostAnswered, setHostAnswered] = useState(false);
  const ready = frameLoaded && hostAnswered;

  useEffect(() => {
    if (!navigator.onLine) {
      onFailure();
      return;
    }
    const controller = new AbortController();
    fetch(src, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal }).then(
      () => setHostAnswered(true),
      () => {
        if (!controller.signal.aborted) onFailure();
      },
    );
    window.addEventListener('offline', onFailure);
    return () => {
      controller.abort();
      window.removeEventListener('offline', onFailure);
    };
  }, [src, onFailure]);

  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(onFailure, VIDEO_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [ready, onFailure]);

  return (
    <>
      {!ready && (
        <p className="video-loading" aria-live="polite">
          Loading video...
        </p>
      )}
      <iframe
        className={ready ? 'video-frame is-ready' : 'video-frame'}
        src={src}
        title="Gratitude Journal demo video"
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setFrameLoaded(true)}
      />
    </>
  );
}
