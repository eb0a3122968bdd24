import { useState } from 'react';
import { type EntryPhoto, photoUrl } from '../../../../../shared/photos';
import { PhotoViewer } from './PhotoViewer';
import '../../../../styles/photos.css';

/**
 * An entry's photos on its card: thumbnails in a row of fixed height, their space kept from the sizes the entry
 * carries (no shift as they load), loaded as they come near the screen. A tap opens them full-screen.
 */
export function EntryPhotos({ photos }: { photos: readonly EntryPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="entry-photos" aria-label={photos.length === 1 ? 'Photo' : `${photos.length} photos`}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              className="entry-photo"
              style={{ aspectRatio: `${photo.thumbWidth} / ${photo.thumbHeight}` }}
              aria-label={`Open photo ${index + 1} of ${photos.length}`}
              onClick={() => setOpen(index)}
            >
              <img
                src={photoUrl(photo.id, 'thumb')}
                width={photo.thumbWidth}
                height={photo.thumbHeight}
                loading="lazy"
                decoding="async"
                alt=""
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <PhotoViewer photos={photos} start={open} onClose={() => setOpen(null)} />}
    </>
  );
}
