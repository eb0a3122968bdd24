import { type KeyboardEvent, useRef, useState } from 'react';
import { type EntryPhoto, photoUrl } from '../../../../../shared/photos';
import { Button } from '../../../../ui/Button';
import { useModal } from '../../../../ui/use-modal';

/** How far a finger moves sideways before it counts as a swipe, in CSS pixels. */
const SWIPE_PX = 40;

/**
 * An entry's photos full-screen, one at a time: the arrow keys, a swipe or the buttons go between them, Escape or
 * Close ends it, and focus goes back to the thumbnail that opened it (the native dialog's).
 */
export function PhotoViewer({ photos, start, onClose }: { photos: readonly EntryPhoto[]; start: number; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const swipeFrom = useRef<number | null>(null);
  useModal(ref, true);
  const photo = photos[index];
  const go = (by: -1 | 1) => setIndex((current) => Math.min(photos.length - 1, Math.max(0, current + by)));

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  if (!photo) return null;
  return (
    <dialog
      ref={ref}
      className="photo-viewer"
      aria-label={`Photo ${index + 1} of ${photos.length}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        swipeFrom.current = event.clientX;
      }}
      onPointerUp={(event) => {
        const from = swipeFrom.current;
        swipeFrom.current = null;
        if (from === null) return;
        const moved = event.clientX - from;
        if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
      }}
    >
      <img
        key={photo.id}
        className="photo-viewer-image"
        src={photoUrl(photo.id, 'full')}
        width={photo.width}
        height={photo.height}
        alt={`Photo ${index + 1} of ${photos.length}`}
        draggable={false}
      />
      <div className="photo-viewer-bar">
        <Button variant="secondary" className="btn-small" disabled={index === 0} onClick={() => go(-1)}>
          Previous
        </Button>
        <span className="photo-viewer-count" aria-live="polite">
          {index + 1} / {photos.length}
        </span>
        <Button variant="secondary" className="btn-small" disabled={index === photos.length - 1} onClick={() => go(1)}>
          Next
        </Button>
        <Button className="btn-small" autoFocus onClick={onClose}>
          Close
        </Button>
      </div>
    </dialog>
  );
}
