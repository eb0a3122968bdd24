import { useId } from 'react';
import { WALKTHROUGH } from '../demo-video';

/**
 * The walkthrough this instance serves itself: a silent screen recording, so it may start on its own (muted) and
 * plays inline on phones. A screen reader hears what it shows from the description.
 */
export function WalkthroughPlayer({ onFailure }: { onFailure: () => void }) {
  const descriptionId = useId();
  return (
    <>
      <video
        className="walkthrough-video"
        controls
        muted
        autoPlay
        playsInline
        preload="metadata"
        src={WALKTHROUGH.src}
        poster={WALKTHROUGH.poster}
        width={WALKTHROUGH.width}
        height={WALKTHROUGH.height}
        aria-label="Gratitude Journal walkthrough"
        aria-describedby={descriptionId}
        onError={onFailure}
      />
      <p id={descriptionId} className="visually-hidden">
        {WALKTHROUGH.description}
      </p>
    </>
  );
}
