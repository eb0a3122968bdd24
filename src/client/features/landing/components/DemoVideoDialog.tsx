import { useCallback, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useAppConfig } from '../../../lib/app-config';
import { useModal } from '../../../ui/use-modal';
import { VIDEO_FAILED_MESSAGE, watchUrl } from '../demo-video';
import { VideoPlayer } from './VideoPlayer';
import { WalkthroughPlayer } from './WalkthroughPlayer';
import '../../../styles/walkthrough.css';

const FOCUSABLE = 'button, a[href], iframe, video[controls], [tabindex]:not([tabindex="-1"])';

function focusableIn(dialog: HTMLElement | null): HTMLElement[] {
  if (!dialog) return [];
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('data-focus-guard'),
  );
}

export interface DemoVideoDialogProps {
  open: boolean;
  onClose: () => void;
}

function VideoUnavailable({ videoId, onRetry }: { videoId: string | null | undefined; onRetry: () => void }) {
  return (
    <div className="video-fallback" role="alert">
      <p>{VIDEO_FAILED_MESSAGE}</p>
      <div className="video-fallback-actions">
        <button type="button" className="btn video-retry" onClick={onRetry}>
          Try again
        </button>
        {videoId && (
          <a className="video-external" href={watchUrl(videoId)} target="_blank" rel="noopener noreferrer">
            Watch it on YouTube<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}

/** What the overlay shows while open; it starts afresh each time the overlay opens. */
function VideoStage() {
  const config = useAppConfig();
  const videoId = config.data?.demoVideoId;
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const markFailed = useCallback(() => setFailedAttempt(attempt), [attempt]);

  function retry() {
    if (config.isError) void config.refetch();
    setAttempt((current) => current + 1);
  }

  // Unknown only when neither the page nor the server has said which video it is: offline, the page's copy stands.
  const unknown = config.isError && videoId === undefined;
  if (failedAttempt === attempt || unknown) return <VideoUnavailable videoId={videoId} onRetry={retry} />;
  if (videoId === undefined) return <p className="video-loading">Loading video...</p>;
  // No hosted video configured: the walkthrough this instance serves itself.
  if (videoId === null) return <WalkthroughPlayer key={attempt} onFailure={markFailed} />;
  return <VideoPlayer key={attempt} videoId={videoId} onFailure={markFailed} />;
}

/**
 * The demo video overlay (the self-hosted walkthrough, or the hosted video DEMO_VIDEO_ID names): a modal <dialog> (focus moves in and is kept in, Escape closes, focus goes back to
 * the opener). The player frame exists only while the overlay is open, so nothing plays or loads otherwise.
 */
export function DemoVideoDialog({ open, onClose }: DemoVideoDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const walkthrough = useAppConfig().data?.demoVideoId === null;

  useModal(ref, open);

  // A modal dialog makes the page behind it inert, but Tab can still leave for the browser's own controls;
  // here it wraps around instead. Forward out of the player frame, whose keys we never see, a guard element
  // at the end sends focus back to the first control.
  function wrapShiftTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !event.shiftKey) return;
    const items = focusableIn(event.currentTarget);
    if (document.activeElement !== items[0]) return;
    event.preventDefault();
    items[items.length - 1]?.focus();
  }

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // The dialog box itself has no padding, so a click that lands on the <dialog> is on its backdrop.
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={ref}
      className={walkthrough ? 'video-dialog is-walkthrough' : 'video-dialog'}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={closeOnBackdrop}
      onKeyDown={wrapShiftTab}
    >
      <div className="video-dialog-box">
        <div className="video-dialog-header">
          <h2 id={titleId} className="video-dialog-title">
            Demo video
          </h2>
          <button type="button" className="video-dialog-close" onClick={onClose}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            Close video
          </button>
        </div>
        <div className={walkthrough ? 'video-stage is-walkthrough' : 'video-stage'}>{open && <VideoStage />}</div>
      </div>
      <span className="focus-guard" tabIndex={0} data-focus-guard="" onFocus={() => focusableIn(ref.current)[0]?.focus()} />
    </dialog>
  );
}
